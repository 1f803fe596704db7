import { type FormEvent, useRef, useState } from 'react';
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DOUBLE_CHECK_FIELDS, type PlannedMoment } from '@zorgportaal/contract';
import { ClientPhoto } from '../../../components/client-photo.tsx';
import { formatDose } from '../../../lib/administration/status.ts';
import { apiErrorMessage, fieldErrors } from '../../../lib/api-errors.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { showToast } from '../../../lib/toast.ts';
import { useRegisterAdministration } from '../api/register-administration.ts';
import { registrationBody } from '../utils/registration-body.ts';
import type { WindowTimingInput } from './time-window-confirm.tsx';
import { Dialog } from '../../../components/dialog.tsx';

interface DoubleCheckAtDoseDialogProps {
  moment: PlannedMoment;
  /** The registration the new one replaces (an undone registration of this moment). */
  correctsId: number | null;
  /** Given just outside the time window: the reason the nurse confirmed before. */
  timing?: WindowTimingInput;
  /** No colleague at hand: register now, the double check follows afterwards. */
  onLater: () => void;
  onClose: () => void;
}

type Errors = Partial<Record<'username' | 'password' | 'totp' | 'form', string>>;

/**
 * A risk dose is double-checked at the bedside: a colleague confirms on this device with their own
 * username and password (and 2FA code when they use it). The server verifies them within the
 * registration; the nurse stays logged in and the colleague gets no session.
 */
export function DoubleCheckAtDoseDialog({
  moment,
  correctsId,
  timing = {},
  onLater,
  onClose,
}: DoubleCheckAtDoseDialogProps) {
  const { t } = useTranslation();
  const register = useRegisterAdministration();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [askTotp, setAskTotp] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const totpRef = useRef<HTMLInputElement>(null);

  const fail = (error: unknown) => {
    const fields = fieldErrors(error);
    const next: Errors = {
      username: fields[DOUBLE_CHECK_FIELDS.username],
      password: fields[DOUBLE_CHECK_FIELDS.password],
      totp: fields[DOUBLE_CHECK_FIELDS.totp],
    };
    if (!next.username && !next.password && !next.totp) next.form = apiErrorMessage(t, error);
    setErrors(next);
    // A refused secret is cleared and its field focused, ready for the next try.
    if (next.password) {
      setPassword('');
      requestAnimationFrame(() => passwordRef.current?.focus());
    }
    if (next.totp) {
      setAskTotp(true);
      setTotp('');
      requestAnimationFrame(() => totpRef.current?.focus());
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {
      username: username.trim()
        ? undefined
        : t('administration.atDose.usernameRequired', 'Vul de gebruikersnaam in.'),
      password: password ? undefined : t('administration.atDose.passwordRequired', 'Vul het wachtwoord in.'),
    };
    if (missing.username || missing.password) return setErrors(missing);
    setErrors({});
    const body = {
      ...registrationBody(moment, { status: 'given', correctsId, ...timing }),
      DoubleCheck: {
        Username: username.trim(),
        Password: password,
        Totp: askTotp ? totp.trim() || null : null,
      },
    };
    // The confirmation follows the request (withFeedback): with "Alleen open" this dialog's card leaves the list
    // as soon as the dose is registered.
    void withFeedback(register.mutateAsync(body), {
      onSuccess: (registration) => {
        showToast(
          t('administration.atDose.done', 'Gegeven en gecontroleerd door {{checker}}: {{what}}', {
            checker: registration.DoubleCheckBy?.ScreenName ?? registration.DoubleCheckBy?.Username ?? '',
            what: `${moment.PatientName} · ${moment.MedicationName}`,
          }),
          { kind: 'success' },
        );
        onClose();
      },
      onError: fail,
    });
  };

  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('administration.atDose.title', 'Dubbele controle bij toediening')}
      size="lg"
      data-testid="double-check-at-dose-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group gap="md" wrap="nowrap" align="center">
            <ClientPhoto
              patientId={moment.PatientId}
              version={moment.PhotoVersion}
              name={moment.PatientName}
              size={72}
            />
            <Stack gap={2}>
              <Text fw={700} size="lg" data-testid="at-dose-patient">
                {moment.PatientName}
              </Text>
              <Text>
                {moment.MedicationName} · <strong>{formatDose(moment.Dose, moment.DoseUnit)}</strong>
                {moment.Time ? ` · ${moment.Time}` : ''}
              </Text>
            </Stack>
          </Group>
          <Text size="sm">
            {t(
              'administration.atDose.intro',
              'Een collega controleert deze risicovolle toediening en bevestigt hier met de eigen gebruikersnaam en het eigen wachtwoord. U blijft zelf ingelogd.',
            )}
          </Text>
          {errors.form ? (
            <Alert color="red" variant="light" role="alert" data-testid="at-dose-error">
              {errors.form}
            </Alert>
          ) : null}
          <TextInput
            label={t('administration.atDose.username', 'Gebruikersnaam van de collega')}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            error={errors.username}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            data-autofocus
            data-testid="at-dose-username"
          />
          <PasswordInput
            ref={passwordRef}
            label={t('administration.atDose.password', 'Wachtwoord van de collega')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            // Never offered to this device's password manager: it is the colleague's password.
            autoComplete="off"
            required
            visibilityToggleButtonProps={{
              'aria-label': t('auth.login.toggleVisibility', 'Invoer tonen of verbergen'),
            }}
            data-testid="at-dose-password"
          />
          {askTotp ? (
            <TextInput
              ref={totpRef}
              label={t('administration.atDose.totp', 'Code uit de authenticator-app van de collega')}
              value={totp}
              onChange={(e) => setTotp(e.currentTarget.value)}
              error={errors.totp}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              required
              data-testid="at-dose-totp"
            />
          ) : null}
          <Group justify="space-between" gap="sm">
            <Button
              variant="subtle"
              size="md"
              onClick={onLater}
              disabled={register.isPending}
              data-testid="at-dose-later"
            >
              {t('administration.atDose.later', 'Geen collega aanwezig: later controleren')}
            </Button>
            <Group gap="sm">
              <Button variant="default" size="md" onClick={onClose}>
                {t('common.cancel', 'Annuleren')}
              </Button>
              <Button
                type="submit"
                size="md"
                color="green.9"
                loading={register.isPending}
                data-testid="at-dose-submit"
              >
                {t('administration.atDose.submit', 'Gegeven en gecontroleerd')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
