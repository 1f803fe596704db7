import { lazy, Suspense } from 'react';
import { Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { loadChunk } from '../../../lib/lazy-chunk.ts';
import { LoginForm } from '../components/login-form.tsx';
import { useLogin } from '../hooks/use-login.ts';

// Only some accounts see the second step or the forced change: their forms (and zod, which their
// contract checks need) load on demand, so /login shows without them.
const TwoFactorForm = lazy(() =>
  loadChunk(() => import('../components/two-factor-form.tsx')).then((m) => ({ default: m.TwoFactorForm })),
);
const PasswordChangeForm = lazy(() => loadChunk(() => import('../components/password-change-form.tsx')));

/** /login (plain layout): the login state machine's three steps. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { state, username, logIn, verifyTotp, changePassword, reset } = useLogin();
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
          <Suspense fallback={<PageLoader />}>
            <TwoFactorForm loading={state.loading} onSubmit={verifyTotp} onBack={reset} />
          </Suspense>
        )}
        {state.step === 'PASSWORD_CHANGE' && (
          <Suspense fallback={<PageLoader />}>
            <PasswordChangeForm
              loading={state.loading}
              username={username}
              onSubmit={changePassword}
              onBack={reset}
            />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}
