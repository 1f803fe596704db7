import { Button, Code, Group, Image, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { totpCodeFormSchema } from '@zorgportaal/contract';
import { apiErrorMessage as errorMessage, ApiRequestError } from '../../../lib/api-errors.ts';
import { contractResolver } from '../../../lib/form.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useGenerateTwofaSecret } from '../api/generate-twofa-secret.ts';
import { useTwofaStatus } from '../api/get-twofa-status.ts';
import { useSetTwofa } from '../api/set-twofa.ts';
import { SettingsSection } from './settings-section.tsx';
import { StepUpFields, stepUpErrors, validateStepUp } from './step-up-fields.tsx';

/** The confirmation code form used to enable and to disable 2FA (both need a valid code). */
function CodeForm({ enable, onDone }: { enable: boolean; onDone?: () => void }) {
  const { t } = useTranslation();
  const setTwofa = useSetTwofa();
  // Spaces typed between the digits do not count (the contract's form schema drops them).
  // The code plus the current password (step-up): a token alone may not switch 2FA on or off.
  const form = useForm({
    initialValues: { totp: '', current_password: '' },
    validate: (values) => ({
      ...contractResolver(totpCodeFormSchema, {
        totp: t('auth.twoFactor.codeFormat', 'De verificatiecode bestaat uit 6 cijfers.'),
      })(values),
      current_password: validateStepUp(t, { ...values }, false).current_password,
    }),
  });

  const handleSubmit = form.onSubmit((values) => {
    const { totp } = totpCodeFormSchema.parse(values);
    void withFeedback(setTwofa.mutateAsync({ enable, totp, current_password: values.current_password }), {
      onSuccess: () => {
        form.reset();
        onDone?.();
        toastSuccess(
          enable
            ? t('settings.twoFactor.enabled', 'Tweestapsverificatie is ingeschakeld.')
            : t('settings.twoFactor.disabled', 'Tweestapsverificatie is uitgeschakeld.'),
        );
      },
      onError: (failure) => {
        const password = stepUpErrors(t, failure)?.current_password;
        if (password) {
          form.setFieldError('current_password', password);
          return toastError(password);
        }
        const message =
          failure instanceof ApiRequestError && failure.status === 422
            ? t('auth.errors.twoFactorInvalid', 'De verificatiecode is ongeldig.')
            : failure instanceof ApiRequestError && failure.status === 429
              ? t('auth.errors.tooManyAttempts', 'Te veel inlogpogingen. Probeer het later opnieuw.')
              : errorMessage(t, failure);
        // A wrong code is emptied for the next one.
        form.setFieldValue('totp', '');
        form.setFieldError('totp', message);
        toastError(message);
      },
    });
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={setTwofa.isPending}>
      <Group align="flex-end" gap="sm">
        <StepUpFields
          needsCode={false}
          inputProps={(field) => form.getInputProps(field)}
          testId={enable ? 'twofa-enable' : 'twofa-disable'}
        />
        <TextInput
          label={t('auth.twoFactor.code', 'Verificatiecode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={10}
          w={180}
          {...form.getInputProps('totp')}
          data-testid="twofa-code"
        />
        <Button
          type="submit"
          color={enable ? undefined : 'red.8'}
          loading={setTwofa.isPending}
          data-testid={enable ? 'twofa-confirm' : 'twofa-disable'}
        >
          {enable
            ? t('settings.twoFactor.confirm', 'Bevestigen en inschakelen')
            : t('settings.twoFactor.disable', 'Uitschakelen')}
        </Button>
      </Group>
    </form>
  );
}

/** 2FA: the status; enabling shows the QR code and the secret, confirmed with a code; disabling needs a code. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwofaStatus();
  const generate = useGenerateTwofaSecret();
  const enrolment = generate.data;

  const start = () =>
    void withFeedback(generate.mutateAsync(), {
      onError: (error) => toastError(errorMessage(t, error)),
    });

  let body;
  if (status.isPending) body = <Skeleton height={60} data-testid="twofa-skeleton" />;
  else if (status.isError)
    body = (
      <LoadError
        message={t(
          'settings.twoFactor.loadError',
          'De status van tweestapsverificatie kon niet worden geladen.',
        )}
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  else if (status.data.Enabled)
    body = (
      <>
        <Text data-testid="twofa-status" data-enabled="true">
          {t('settings.twoFactor.statusOn', 'Tweestapsverificatie staat aan.')}
        </Text>
        <Text size="sm" c="dark.6">
          {t(
            'settings.twoFactor.disableHelp',
            'Vul een code uit uw authenticator-app in om het uit te schakelen.',
          )}
        </Text>
        <CodeForm enable={false} />
      </>
    );
  else if (!enrolment)
    body = (
      <>
        <Text data-testid="twofa-status" data-enabled="false">
          {t('settings.twoFactor.statusOff', 'Tweestapsverificatie staat uit.')}
        </Text>
        <Group>
          <Button onClick={start} loading={generate.isPending} data-testid="twofa-enable">
            {t('settings.twoFactor.enable', 'Tweestapsverificatie inschakelen')}
          </Button>
        </Group>
      </>
    );
  else
    body = (
      <Stack gap="sm" data-testid="twofa-enrolment">
        <Text size="sm">
          {t(
            'settings.twoFactor.scan',
            'Scan de QR-code met uw authenticator-app, of voer de sleutel hieronder in. Vul daarna de code uit de app in.',
          )}
        </Text>
        <Image
          src={enrolment.QrCode}
          alt={t('settings.twoFactor.qrAlt', 'QR-code voor uw authenticator-app')}
          w={200}
          h={200}
          fit="contain"
          data-testid="totp-qr"
        />
        <Text size="sm">
          {t('settings.twoFactor.secret', 'Sleutel')}:{' '}
          <Code data-testid="totp-secret" style={{ userSelect: 'all', wordBreak: 'break-all' }}>
            {enrolment.Secret}
          </Code>
        </Text>
        <CodeForm enable onDone={() => generate.reset()} />
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => generate.reset()}
            data-testid="twofa-cancel"
          >
            {t('common.cancel', 'Annuleren')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <SettingsSection title={t('settings.twoFactor.title', 'Tweestapsverificatie')} testId="settings-twofa">
      {body}
    </SettingsSection>
  );
}
