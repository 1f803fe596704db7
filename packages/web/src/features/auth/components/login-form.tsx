import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useForm } from '@mantine/form';
import type { PasswordLoginForm } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { lazyModule } from '../../../lib/lazy-module.ts';
import { PageLink } from '../../../lib/page-navigation.tsx';
import { toastError } from '../../../lib/toast.ts';

// The contract check (and zod with it) is not needed to show /login: it loads while the user types.
const validation = lazyModule(() => import('../utils/login-validation.ts'));

interface LoginFormProps {
  loading: boolean;
  onSubmit: (username: string, password: string) => void;
}

/** Step DEFAULT of the login: username and password. */
export function LoginForm({ loading, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const form = useForm<PasswordLoginForm>({
    name: 'login',
    initialValues: { username: '', password: '' },
    // Runs only once the validation module is there: submitting waits for it.
    validate: (values) =>
      validation.current()!.validateLogin(values, {
        username: t('auth.login.usernameRequired', 'Vul uw gebruikersnaam in.'),
        password: t('auth.login.passwordRequired', 'Vul uw wachtwoord in.'),
      }),
  });

  const submitValidated = form.onSubmit(
    (values) => {
      const { username, password } = validation.current()!.parseLogin(values);
      onSubmit(username, password);
    },
    // The first refused input gets the focus, so a keyboard user lands where to type.
    (errors) => form.getInputNode(errors.username ? 'username' : 'password')?.focus(),
  );
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    validation.load().then(
      () => submitValidated(),
      () => toastError(t('errors.chunkLoad', 'Een onderdeel van de pagina kon niet worden geladen.')),
    );
  };

  return (
    <form
      onSubmit={handleSubmit}
      onInput={validation.preload}
      noValidate
      aria-busy={loading}
      data-testid="login-form"
    >
      <Stack gap="md">
        <TextInput
          label={t('auth.login.username', 'Gebruikersnaam')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          // The first field of the page; focusing it is what users of a login page expect.
          autoFocus
          required
          {...form.getInputProps('username')}
          data-testid="login-username"
        />
        <PasswordInput
          label={t('auth.login.password', 'Wachtwoord')}
          name="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{
            'aria-label': t('auth.login.toggleVisibility', 'Invoer tonen of verbergen'),
          }}
          data-testid="login-password"
        />
        <Button type="submit" loading={loading} fullWidth data-testid="login-submit">
          {t('auth.login.submit', 'Inloggen')}
        </Button>
        <Anchor component={PageLink} to="/forget-password" size="sm" ta="center">
          {t('auth.login.forgotPassword', 'Wachtwoord vergeten?')}
        </Anchor>
      </Stack>
    </form>
  );
}
