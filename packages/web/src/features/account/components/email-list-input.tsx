import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_EMAILS } from '../hooks/use-profile-schema.ts';

interface EmailListInputProps {
  emails: string[];
  onChange: (emails: string[]) => void;
  /** Messages by path: 'emails' for the list, 'emails.0' … for one address. */
  errors: Record<string, string>;
}

/** One to five e-mail addresses: edit, add, remove (the last one cannot be removed). */
export function EmailListInput({ emails, onChange, errors }: EmailListInputProps) {
  const { t } = useTranslation();
  const set = (index: number, value: string) => onChange(emails.map((e, i) => (i === index ? value : e)));
  return (
    <Input.Wrapper
      label={t('profile.emails', 'E-mailadressen')}
      error={errors.emails}
      required
      data-testid="profile-emails"
    >
      <Stack gap="xs" mt={4}>
        {emails.map((email, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              type="email"
              autoComplete={index === 0 ? 'email' : 'off'}
              aria-label={t('profile.emailNumber', 'E-mailadres {{number}}', { number: index + 1 })}
              value={email}
              maxLength={320}
              onChange={(event) => set(index, event.currentTarget.value)}
              error={errors[`emails.${index}`]}
              data-testid={`profile-email-${index}`}
            />
            <ActionIcon
              variant="default"
              size="lg"
              disabled={emails.length <= 1}
              onClick={() => onChange(emails.filter((_, i) => i !== index))}
              aria-label={t('profile.emailRemove', 'E-mailadres {{number}} verwijderen', {
                number: index + 1,
              })}
              data-testid={`profile-email-remove-${index}`}
            >
              <span aria-hidden="true">×</span>
            </ActionIcon>
          </Group>
        ))}
        <div>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={emails.length >= MAX_EMAILS}
            onClick={() => onChange([...emails, ''])}
            data-testid="profile-email-add"
          >
            {t('profile.emailAdd', 'E-mailadres toevoegen')}
          </Button>
        </div>
      </Stack>
    </Input.Wrapper>
  );
}
