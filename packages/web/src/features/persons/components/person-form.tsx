import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Person } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { contractResolver, showServerFieldErrors } from '../../../lib/form.ts';
import { todayInAmsterdam } from '../../../lib/dates.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCreatePerson } from '../api/create-person.ts';
import { useUpdatePerson } from '../api/update-person.ts';
import { personFormSchema, type PersonFormValues } from '../utils/person-form.ts';
import { AvatarInput } from './avatar-input.tsx';

interface PersonFormProps {
  initial: PersonFormValues;
  /** null: create. */
  personId: number | null;
  /** After a save; a new person is passed along, so the list can show it. */
  onDone: (created?: Person) => void;
}

/** Name information (with prefix and the optional partner's name), date of birth, customer name, photo. */
export function PersonForm({ initial, personId, onDone }: PersonFormProps) {
  const { t } = useTranslation();
  const create = useCreatePerson();
  const update = useUpdatePerson();
  const saving = create.isPending || update.isPending;
  const form = useForm<PersonFormValues>({
    initialValues: initial,
    validate: contractResolver(personFormSchema),
  });

  const bind = (path: string, testId: string) => ({
    ...form.getInputProps(path),
    'data-testid': `person-form-${testId}`,
  });

  const handleSubmit = form.onSubmit((values) => {
    const body = personFormSchema.parse(values);
    const saved = (created?: Person) => {
      toastSuccess(
        created
          ? t('persons.form.created', 'De persoon is aangemaakt.')
          : t('persons.form.saved', 'De persoon is opgeslagen.'),
      );
      onDone(created);
    };
    const onError = (error: unknown) => {
      showServerFieldErrors(form, error);
      toastError(apiErrorMessage(t, error));
    };
    if (personId === null)
      void withFeedback(create.mutateAsync(body), { onSuccess: (created) => saved(created), onError });
    else void withFeedback(update.mutateAsync({ id: personId, body }), { onSuccess: () => saved(), onError });
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={saving} data-testid="person-form">
      <Stack gap="md">
        <TextInput
          label={t('persons.form.firstNames', 'Voornamen')}
          required
          maxLength={100}
          {...bind('NameInformation.FirstNames', 'firstNames')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('persons.form.prefix', 'Tussenvoegsel')}
            maxLength={20}
            {...bind('NameInformation.LastName.Prefix', 'prefix')}
          />
          <TextInput
            label={t('persons.form.lastName', 'Achternaam')}
            required
            maxLength={100}
            {...bind('NameInformation.LastName.LastName', 'lastName')}
          />
          <TextInput
            label={t('persons.form.partnerPrefix', 'Tussenvoegsel partner')}
            maxLength={20}
            {...bind('NameInformation.LastNamePartner.Prefix', 'partnerPrefix')}
          />
          <TextInput
            label={t('persons.form.partnerLastName', 'Achternaam partner')}
            maxLength={100}
            {...bind('NameInformation.LastNamePartner.LastName', 'partnerLastName')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField
            label={t('persons.form.dateOfBirth', 'Geboortedatum')}
            minDate="1900-01-01"
            maxDate={todayInAmsterdam()}
            autoComplete="bday"
            {...bind('DateOfBirth', 'dateOfBirth')}
          />
          <TextInput
            label={t('persons.form.customerName', 'Klantnaam')}
            maxLength={100}
            {...bind('CustomerName', 'customerName')}
          />
        </SimpleGrid>
        <AvatarInput
          value={form.values.Avatar}
          onChange={(avatar) => form.setFieldValue('Avatar', avatar)}
          error={form.errors.Avatar as string | undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()} data-testid="person-form-cancel">
            {t('common.cancel', 'Annuleren')}
          </Button>
          <Button type="submit" loading={saving} data-testid="person-form-save">
            {t('common.save', 'Opslaan')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
