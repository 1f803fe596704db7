/**
 * Runs what follows a mutation (a toast, closing a drawer) whether or not the component that sent it is still
 * mounted. `mutate(variables, { onSuccess })` drops its callbacks when that component unmounts first, and a
 * mutation whose own `onSuccess` awaits the refresh of its queries can unmount the very form that sent it before
 * it settles: a linked account turns the link form into the edit form, a new target range replaces its panel.
 * Pass the mutation's `mutateAsync(…)`; without onSuccess only a failure is followed (an export's toast).
 */
export async function withFeedback<T>(
  request: Promise<T>,
  feedback: { onSuccess?: (data: T) => void; onError?: (error: unknown) => void },
): Promise<void> {
  let data: T;
  try {
    data = await request;
  } catch (error) {
    // Without onError the mutation's own error state shows it; the rejection is handled here either way.
    feedback.onError?.(error);
    return;
  }
  feedback.onSuccess?.(data);
}
