import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MAX_EMAILS, type Profile } from '@zorgportaal/contract';
import { DateField } from '../../../components/date-field.tsx';
import { EmailListField } from '../../../components/email-list-field.tsx';
import { todayInAmsterdam } from '../../../lib/dates.ts';
import { contractResolver } from '../../../lib/form.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import {
  profileFormSchema,
  profileToForm,
  sameAddresses,
  type ProfileFormValues,
} from '../utils/profile-form.ts';
import { useTwofaStatus } from '../api/get-twofa-status.ts';
import {
  StepUpFields,
  emptyStepUp,
  stepUpBody,
  showStepUpRefusal,
  validateStepUp,
  type StepUpValues,
} from './step-up-fields.tsx';

/** Name information, date of birth and e-mail addresses of the caller's own person. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    initialValues: profileToForm(profile),
    validate: contractResolver(profileFormSchema),
  });

  // Changing the addresses (where a forgotten-password link goes) needs the step-up fields.
  const needsCode = useTwofaStatus().data?.Enabled === true;
  const stepUpForm = useForm<StepUpValues>({
    initialValues: emptyStepUp,
    validate: (values) => validateStepUp(t, values, needsCode),
  });
  const emailsChanged = !sameAddresses(form.values.EmailAddress, profile.EmailAddress);

  const handleSubmit = form.onSubmit((values) => {
    if (emailsChanged && stepUpForm.validate().hasErrors) return;
    const body = profileFormSchema.parse(values);
    void withFeedback(
      update.mutateAsync(emailsChanged ? { ...body, ...stepUpBody(stepUpForm.values, needsCode) } : body),
      {
        onSuccess: (saved) => {
          form.setValues(profileToForm(saved));
          stepUpForm.reset();
          toastSuccess(t('profile.saved', 'Uw gegevens zijn opgeslagen.'));
        },
        onError: (error) => showStepUpRefusal(t, error, stepUpForm, form),
      },
    );
  });

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
            {...form.getInputProps('NameInformation.FirstNames')}
            data-testid="profile-first-names"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('profile.prefix', 'Tussenvoegsel')}
              maxLength={20}
              {...form.getInputProps('NameInformation.LastName.Prefix')}
              data-testid="profile-prefix"
            />
            <TextInput
              label={t('profile.lastName', 'Achternaam')}
              required
              maxLength={100}
              autoComplete="family-name"
              {...form.getInputProps('NameInformation.LastName.LastName')}
              data-testid="profile-last-name"
            />
            <TextInput
              label={t('profile.partnerPrefix', 'Tussenvoegsel partner')}
              maxLength={20}
              {...form.getInputProps('NameInformation.LastNamePartner.Prefix')}
              data-testid="profile-partner-prefix"
            />
            <TextInput
              label={t('profile.partnerLastName', 'Achternaam partner')}
              maxLength={100}
              {...form.getInputProps('NameInformation.LastNamePartner.LastName')}
              data-testid="profile-partner-last-name"
            />
          </SimpleGrid>
        </Stack>
        <DateField
          label={t('profile.dateOfBirth', 'Geboortedatum')}
          minDate="1900-01-01"
          maxDate={todayInAmsterdam()}
          autoComplete="bday"
          w={200}
          {...form.getInputProps('DateOfBirth')}
          data-testid="profile-date-of-birth"
        />
        <EmailListField
          label={t('profile.emails', 'E-mailadressen')}
          emails={form.values.EmailAddress}
          onChange={(emails) => form.setFieldValue('EmailAddress', emails)}
          errors={form.errors as Record<string, string>}
          path="EmailAddress"
          max={MAX_EMAILS}
          required
          testId="profile-email"
        />
        {emailsChanged ? (
          <Stack gap="sm" maw={420} data-testid="profile-step-up">
            <Text size="sm">
              {t(
                'profile.emailStepUp',
                'U wijzigt uw e-mailadressen. Bevestig dit met uw huidige wachtwoord; de oude adressen krijgen hierover bericht.',
              )}
            </Text>
            <StepUpFields
              needsCode={needsCode}
              inputProps={(field) => stepUpForm.getInputProps(field)}
              testId="profile"
            />
          </Stack>
        ) : null}
        <Group>
          <Button type="submit" loading={update.isPending} data-testid="profile-save">
            {t('common.save', 'Opslaan')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
