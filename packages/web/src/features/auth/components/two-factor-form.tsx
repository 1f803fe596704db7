import { useRef } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { totpCodeFormSchema } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../../lib/form.ts';

interface TwoFactorFormProps {
  loading: boolean;
  /** Resolves to the code field's error when the server refused the code. */
  onSubmit: (totp: string) => Promise<string | undefined>;
  onBack: () => void;
}

/** Step 2FA: a TOTP code; the form is posted again with totp, account_id and twofa_uuid (spec §5, §7). */
export function TwoFactorForm({ loading, onSubmit, onBack }: TwoFactorFormProps) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { totp: '' },
    validate: (values: { totp: string }) =>
      contractResolver(totpCodeFormSchema, {
        totp: values.totp.trim()
          ? t('auth.twoFactor.codeFormat', 'De verificatiecode bestaat uit 6 cijfers.')
          : t('auth.twoFactor.codeRequired', 'Vul de verificatiecode in.'),
      })(values),
  });

  const codeInput = useRef<HTMLInputElement>(null);

  const handleSubmit = form.onSubmit(async (values) => {
    const refused = await onSubmit(totpCodeFormSchema.parse(values).totp);
    if (!refused) return;
    // A wrong code: the field is emptied for the next one, shows why, and has the focus again.
    form.setFieldValue('totp', '');
    form.setFieldError('totp', refused);
    codeInput.current?.focus();
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={loading} data-testid="two-factor-form">
      <Stack gap="md">
        <Text size="sm">
          {t('auth.twoFactor.help', 'Voer de zescijferige code uit uw authenticator-app in.')}
        </Text>
        <TextInput
          label={t('auth.twoFactor.code', 'Verificatiecode')}
          name="totp"
          inputMode="numeric"
          autoComplete="one-time-code"
          // The only field of this step.
          autoFocus
          required
          maxLength={10}
          {...form.getInputProps('totp')}
          ref={codeInput}
          data-testid="totp-code"
        />
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={loading}>
            {t('auth.twoFactor.back', 'Terug')}
          </Button>
          <Button type="submit" loading={loading} data-testid="totp-submit">
            {t('auth.twoFactor.submit', 'Controleren')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
