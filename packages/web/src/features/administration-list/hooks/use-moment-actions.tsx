import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment, Registration } from '@zorgportaal/contract';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { hideToast, showToast, toastError } from '../../../lib/toast.ts';
import { useDoubleCheckRegistration } from '../api/double-check-registration.ts';
import { useKeyedRegistration, type KeyedResult } from '../offline/use-keyed-registration.ts';
import { apiErrorMessage as errorMessage } from '../../../lib/api-errors.ts';
import { registrationBody, undoBody, type RegistrationInput } from '../utils/registration-body.ts';

/**
 * The registration actions of one card (its own mutations, so a pending tap shows on that card only).
 * Every success is confirmed in a toast; a dose given offers an undo there (a correction, kept on record).
 */
export function useMomentActions(moment: PlannedMoment) {
  const { t } = useTranslation();
  // Keyed, and queued when the connection is gone (offline/).
  const register = useKeyedRegistration(moment);
  const queuedToast = () =>
    showToast(t('offline.queuedToast', 'Opgeslagen: wordt verzonden zodra er verbinding is.'), {
      kind: 'success',
    });
  const doubleCheck = useDoubleCheckRegistration();

  // Confirmations follow the request, not the card (withFeedback): with "Alleen open" the card leaves the list
  // as soon as its dose is registered, and the undo is tapped on a toast that outlives the card.
  const undo = (registration: Registration, toastId?: string) =>
    void withFeedback(register.mutateAsync(undoBody(moment, registration)), {
      onSuccess: (result) => {
        // The undone action's toast (with its now pointless undo button) makes way for the confirmation.
        if (toastId) hideToast(toastId);
        if (result.queued) return queuedToast();
        showToast(t('administration.toast.undone', 'Registratie ongedaan gemaakt.'));
      },
      onError: (error) => toastError(errorMessage(t, error)),
    });

  /** `onFailed`, when given, shows the failure itself (e.g. the time window dialog) instead of a toast. */
  const submit = (input: RegistrationInput, onDone?: () => void, onFailed?: (error: Error) => void) =>
    void withFeedback(register.mutateAsync(registrationBody(moment, input)), {
      onSuccess: (result: KeyedResult) => {
        onDone?.();
        if (result.queued) return queuedToast();
        const { registration } = result;
        const what = `${moment.PatientName} · ${moment.MedicationName}`;
        const message =
          input.status === 'given'
            ? t('administration.toast.given', 'Gegeven: {{what}}', { what })
            : t('administration.toast.registered', 'Afwijking geregistreerd: {{what}}', { what });
        // The undo button sits on its own line, so a long patient or product name never clips it.
        const toastId: string = showToast(
          <Stack gap={6} align="flex-start">
            <Text size="sm">{message}</Text>
            <Button
              size="sm"
              variant="light"
              style={{ flexShrink: 0 }}
              onClick={() => undo(registration, toastId)}
              data-testid="undo-registration"
            >
              {t('administration.undo', 'Ongedaan maken')}
            </Button>
          </Stack>,
          { kind: 'success' },
        );
      },
      onError: (error) => (onFailed ? onFailed(error as Error) : toastError(errorMessage(t, error))),
    });

  const check = (registration: Registration, onDone?: () => void) =>
    void withFeedback(doubleCheck.mutateAsync(registration.Id), {
      onSuccess: () => {
        onDone?.();
        showToast(t('administration.toast.checked', 'Dubbele controle vastgelegd.'), { kind: 'success' });
      },
      onError: (error) => toastError(errorMessage(t, error)),
    });

  return { submit, undo, check, registering: register.isPending, checking: doubleCheck.isPending };
}
