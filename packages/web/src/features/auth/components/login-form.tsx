import { useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

interface LoginFormProps {
  loading: boolean;
  onSubmit: (username: string, password: string) => void;
}

/** Step DEFAULT of the login: username and password. */
export function LoginForm({ loading, onSubmit }: LoginFormProps) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = {
      username: username.trim() ? undefined : t('auth.login.usernameRequired', 'Vul uw gebruikersnaam in.'),
      password: password ? undefined : t('auth.login.passwordRequired', 'Vul uw wachtwoord in.'),
    };
    setErrors(next);
    if (next.username) return usernameRef.current?.focus();
    if (next.password) return passwordRef.current?.focus();
    onSubmit(username.trim(), password);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={loading} data-testid="login-form">
      <Stack gap="md">
        <TextInput
          ref={usernameRef}
          label={t('auth.login.username', 'Gebruikersnaam')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          // The first field of the page; focusing it is what users of a login page expect.
          autoFocus
          required
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={errors.username}
          data-testid="login-username"
        />
        <PasswordInput
          ref={passwordRef}
          label={t('auth.login.password', 'Wachtwoord')}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          visibilityToggleFocusable
          visibilityToggleButtonProps={{
            'aria-label': t('auth.login.toggleVisibility', 'Invoer tonen of verbergen'),
          }}
          data-testid="login-password"
        />
        <Button type="submit" loading={loading} fullWidth data-testid="login-submit">
          {t('auth.login.submit', 'Inloggen')}
        </Button>
        <Anchor component={Link} to="/forget-password" size="sm" ta="center">
          {t('auth.login.forgotPassword', 'Wachtwoord vergeten?')}
        </Anchor>
      </Stack>
    </form>
  );
}
