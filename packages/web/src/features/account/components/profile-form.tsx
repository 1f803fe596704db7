import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@zorgportaal/contract';
import { fieldErrors } from '../../../lib/api-errors.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import {
  issuesByField,
  profileToForm,
  useProfileSchema,
  type ProfileFormValues,
} from '../hooks/use-profile-schema.ts';
import { apiErrorMessage as errorMessage } from '../../../lib/error-message.ts';
import { EmailListInput } from './email-list-input.tsx';

/** The server names fields by the PUT body's paths; the form by its own. */
const SERVER_FIELDS: Record<string, string> = {
  'NameInformation.FirstNames': 'firstNames',
  'NameInformation.LastName.Prefix': 'prefix',
  'NameInformation.LastName.LastName': 'lastName',
  'NameInformation.LastNamePartner.Prefix': 'partnerPrefix',
  'NameInformation.LastNamePartner.LastName': 'partnerLastName',
  DateOfBirth: 'dateOfBirth',
  EmailAddress: 'emails',
};

function formFieldErrors(server: Record<string, string>): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const [path, message] of Object.entries(server)) {
    const email = /^EmailAddress\.(\d+)$/.exec(path);
    byField[email ? `emails.${email[1]}` : (SERVER_FIELDS[path] ?? path)] = message;
  }
  return byField;
}

type TextField = Exclude<keyof ProfileFormValues, 'emails'>;

/** Name information, date of birth and e-mail addresses of the caller's own person. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const schema = useProfileSchema();
  const update = useUpdateProfile();
  const [values, setValues] = useState<ProfileFormValues>(() => profileToForm(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const bind = (field: TextField) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
    error: errors[field],
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues(profileToForm(saved));
        toastSuccess(t('profile.saved', 'Uw gegevens zijn opgeslagen.'));
      },
      onError: (error) => {
        setErrors(formFieldErrors(fieldErrors(error)));
        toastError(errorMessage(t, error));
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={update.isPending} data-testid="profile-form">
      <Stack gap="lg">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('profile.nameSection', 'Naamgegevens')}
          </Title>
          <TextInput
            label={t('profile.firstNames', 'Voornamen')}
            required
            maxLength={100}
            autoComplete="given-name"
            {...bind('firstNames')}
            data-testid="profile-first-names"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('profile.prefix', 'Tussenvoegsel')}
              maxLength={20}
              {...bind('prefix')}
              data-testid="profile-prefix"
            />
            <TextInput
              label={t('profile.lastName', 'Achternaam')}
              required
              maxLength={100}
              autoComplete="family-name"
              {...bind('lastName')}
              data-testid="profile-last-name"
            />
            <TextInput
              label={t('profile.partnerPrefix', 'Tussenvoegsel partner')}
              maxLength={20}
              {...bind('partnerPrefix')}
              data-testid="profile-partner-prefix"
            />
            <TextInput
              label={t('profile.partnerLastName', 'Achternaam partner')}
              maxLength={100}
              {...bind('partnerLastName')}
              data-testid="profile-partner-last-name"
            />
          </SimpleGrid>
        </Stack>
        <TextInput
          label={t('profile.dateOfBirth', 'Geboortedatum')}
          description={t('profile.dateFormat', 'DD-MM-JJJJ')}
          placeholder={t('profile.dateFormat', 'DD-MM-JJJJ')}
          inputMode="numeric"
          autoComplete="bday"
          maxLength={10}
          w={200}
          {...bind('dateOfBirth')}
          data-testid="profile-date-of-birth"
        />
        <EmailListInput
          emails={values.emails}
          onChange={(emails) => setValues((current) => ({ ...current, emails }))}
          errors={errors}
        />
        <Group>
          <Button type="submit" loading={update.isPending} data-testid="profile-save">
            {t('common.save', 'Opslaan')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
