import { describe, expect, it, vi } from 'vitest';
import { withFeedback } from './mutation-feedback.ts';

describe('withFeedback', () => {
  it('passes the answer to onSuccess', async () => {
    const onSuccess = vi.fn();
    const onError = vi.fn();
    await withFeedback(Promise.resolve(7), { onSuccess, onError });
    expect(onSuccess).toHaveBeenCalledWith(7);
    expect(onError).not.toHaveBeenCalled();
  });

  it('passes a failure to onError and settles, so no rejection goes unhandled', async () => {
    const failure = new Error('refused');
    const onSuccess = vi.fn();
    const onError = vi.fn();
    await expect(withFeedback(Promise.reject(failure), { onSuccess, onError })).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith(failure);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('follows only a failure when there is no onSuccess (an export)', async () => {
    const onError = vi.fn();
    await withFeedback(Promise.resolve('csv'), { onError });
    await withFeedback(Promise.reject(new Error('x')), { onError });
    expect(onError).toHaveBeenCalledTimes(1);
  });
});
