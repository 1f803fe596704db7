import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { PasswordChangeNotice } from '../components/password-change-notice.tsx';
import { TwoFactorForm } from '../components/two-factor-form.tsx';
import { useLogin } from '../hooks/use-login.ts';

/** /login (plain layout): the login state machine's three steps. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { state, logIn, verifyTotp, reset } = useLogin();
  const title =
    state.step === '2FA'
      ? t('auth.twoFactor.title', 'Tweestapsverificatie')
      : state.step === 'PASSWORD_CHANGE'
        ? t('auth.passwordChange.title', 'Wachtwoord wijzigen')
        : t('auth.login.title', 'Inloggen');

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md">
      <Stack gap="lg">
        <PageHeading title={title} />
        {state.step === 'DEFAULT' && (
          <LoginForm loading={state.loading} onSubmit={(u, p) => void logIn(u, p)} />
        )}
        {state.step === '2FA' && (
          <TwoFactorForm loading={state.loading} onSubmit={(code) => void verifyTotp(code)} onBack={reset} />
        )}
        {state.step === 'PASSWORD_CHANGE' && <PasswordChangeNotice onBack={reset} />}
      </Stack>
    </Paper>
  );
}
