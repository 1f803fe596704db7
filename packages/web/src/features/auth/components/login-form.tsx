import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordLoginFormSchema, type PasswordLoginForm } from '@zorgportaal/contract';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contractResolver } from '../../../lib/form.ts';

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
    validate: contractResolver(passwordLoginFormSchema, {
      username: t('auth.login.usernameRequired', 'Vul uw gebruikersnaam in.'),
      password: t('auth.login.passwordRequired', 'Vul uw wachtwoord in.'),
    }),
  });

  const handleSubmit = form.onSubmit(
    (values) => {
      const { username, password } = passwordLoginFormSchema.parse(values);
      onSubmit(username, password);
    },
    // The first refused input gets the focus, so a keyboard user lands where to type.
    (errors) => form.getInputNode(errors.username ? 'username' : 'password')?.focus(),
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={loading} data-testid="login-form">
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
        <Anchor component={Link} to="/forget-password" size="sm" ta="center">
          {t('auth.login.forgotPassword', 'Wachtwoord vergeten?')}
        </Anchor>
      </Stack>
    </form>
  );
}
