import { ActionIcon, Button, Group, Input, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface EmailListFieldProps {
  label: string;
  emails: string[];
  onChange: (emails: string[]) => void;
  /** Messages by path: `${path}` for the list, `${path}.0` … for one address. */
  errors: Record<string, string>;
  /** The body field the errors are keyed by, e.g. 'EmailAddress'. */
  path: string;
  max?: number;
  required?: boolean;
  testId: string;
}

/** A list of e-mail addresses: edit, add, remove (the last one stays). */
export function EmailListField({
  label,
  emails,
  onChange,
  errors,
  path,
  max = 5,
  required,
  testId,
}: EmailListFieldProps) {
  const { t } = useTranslation();
  const set = (index: number, value: string) => onChange(emails.map((e, i) => (i === index ? value : e)));
  return (
    <Input.Wrapper label={label} error={errors[path]} required={required} data-testid={testId}>
      <Stack gap="xs" mt={4}>
        {emails.map((email, index) => (
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1 }}
              type="email"
              autoComplete="off"
              aria-label={t('emailList.number', 'E-mailadres {{number}}', { number: index + 1 })}
              value={email}
              maxLength={320}
              onChange={(event) => set(index, event.currentTarget.value)}
              error={errors[`${path}.${index}`]}
              data-testid={`${testId}-${index}`}
            />
            <ActionIcon
              variant="default"
              size="lg"
              disabled={emails.length <= 1}
              onClick={() => onChange(emails.filter((_, i) => i !== index))}
              aria-label={t('emailList.remove', 'E-mailadres {{number}} verwijderen', { number: index + 1 })}
            >
              <span aria-hidden="true">×</span>
            </ActionIcon>
          </Group>
        ))}
        <div>
          <Button
            variant="subtle"
            size="compact-sm"
            disabled={emails.length >= max}
            onClick={() => onChange([...emails, ''])}
            data-testid={`${testId}-add`}
          >
            {t('emailList.add', 'E-mailadres toevoegen')}
          </Button>
        </div>
      </Stack>
    </Input.Wrapper>
  );
}
