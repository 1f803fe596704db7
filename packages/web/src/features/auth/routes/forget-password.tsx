import { useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { forgotPasswordEmailFormSchema } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../../lib/form.ts';
import { toastError } from '../../../lib/toast.ts';
import { requestPasswordMail } from '../api/forgot-password.ts';
import { PasswordCard } from '../components/password-card.tsx';
import { resetErrorMessage } from '../utils/reset-error-message.ts';

/** /forget-password: asks for the e-mail address and shows the server's answer (the same for every address). */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [message, setMessage] = useState<string>();
  const form = useForm({
    initialValues: { email: '' },
    validate: contractResolver(forgotPasswordEmailFormSchema, {
      email: t('auth.forgetPassword.emailInvalid', 'Vul een geldig e-mailadres in.'),
    }),
  });

  const submit = async (values: { email: string }) => {
    const address = forgotPasswordEmailFormSchema.parse(values).email;
    setLoading(true);
    try {
      const answer = await requestPasswordMail(address);
      setMessage(
        answer?.message ||
          t(
            'auth.forgetPassword.sent',
            'Als het adres bij ons bekend is, ontvangt u een e-mail met een link.',
          ),
      );
    } catch (failure) {
      toastError(resetErrorMessage(t, failure));
    } finally {
      setLoading(false);
    }
  };

  return (
    <PasswordCard title={t('auth.forgetPassword.title', 'Wachtwoord vergeten')}>
      {message ? (
        <Alert color="green" variant="light" role="status" data-testid="forget-password-message">
          {message}
        </Alert>
      ) : (
        <form
          onSubmit={form.onSubmit((values) => void submit(values))}
          noValidate
          aria-busy={loading}
          data-testid="forget-password-form"
        >
          <Stack gap="md">
            <Text size="sm">
              {t(
                'auth.forgetPassword.help',
                'Vul het e-mailadres van uw account in. U ontvangt een link om een nieuw wachtwoord in te stellen.',
              )}
            </Text>
            <TextInput
              label={t('auth.forgetPassword.email', 'E-mailadres')}
              name="email"
              type="email"
              autoComplete="email"
              autoFocus
              required
              maxLength={320}
              {...form.getInputProps('email')}
              data-testid="forget-password-email"
            />
            <Button type="submit" loading={loading} fullWidth data-testid="forget-password-submit">
              {t('auth.forgetPassword.submit', 'Link versturen')}
            </Button>
          </Stack>
        </form>
      )}
    </PasswordCard>
  );
}
