import '@mantine/core/styles/SimpleGrid.css';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import dayjs from '../../../lib/dayjs.ts';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../../lib/api-errors.ts';
import { apiErrorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCreatePerson } from '../api/create-person.ts';
import { useUpdatePerson } from '../api/update-person.ts';
import { checkPersonForm, type PersonFormValues } from '../utils/person-form.ts';
import { AvatarInput } from './avatar-input.tsx';

interface PersonFormProps {
  initial: PersonFormValues;
  /** null: create. */
  personId: number | null;
  onDone: () => void;
}

type TextField = Exclude<keyof PersonFormValues, 'avatar'>;

/** The body path each input's message is keyed by (client check and server Fields alike). */
const PATHS: Record<TextField, string> = {
  firstNames: 'NameInformation.FirstNames',
  prefix: 'NameInformation.LastName.Prefix',
  lastName: 'NameInformation.LastName.LastName',
  partnerPrefix: 'NameInformation.LastNamePartner.Prefix',
  partnerLastName: 'NameInformation.LastNamePartner.LastName',
  dateOfBirth: 'DateOfBirth',
  customerName: 'CustomerName',
};

/** Name information (with prefix and the optional partner's name), date of birth, customer name, photo. */
export function PersonForm({ initial, personId, onDone }: PersonFormProps) {
  const { t } = useTranslation();
  const create = useCreatePerson();
  const update = useUpdatePerson();
  const saving = create.isPending || update.isPending;
  const [values, setValues] = useState<PersonFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const bind = (field: TextField) => ({
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
    error: errors[PATHS[field]],
    'data-testid': `person-form-${field}`,
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkPersonForm(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    const callbacks = {
      onSuccess: () => {
        toastSuccess(
          personId === null
            ? t('persons.form.created', 'De persoon is aangemaakt.')
            : t('persons.form.saved', 'De persoon is opgeslagen.'),
        );
        onDone();
      },
      onError: (error: unknown) => {
        setErrors(fieldErrors(error));
        toastError(apiErrorMessage(t, error));
      },
    };
    if (personId === null) create.mutate(check.body, callbacks);
    else update.mutate({ id: personId, body: check.body }, callbacks);
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={saving} data-testid="person-form">
      <Stack gap="md">
        <TextInput
          label={t('persons.form.firstNames', 'Voornamen')}
          required
          maxLength={100}
          {...bind('firstNames')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('persons.form.prefix', 'Tussenvoegsel')} maxLength={20} {...bind('prefix')} />
          <TextInput
            label={t('persons.form.lastName', 'Achternaam')}
            required
            maxLength={100}
            {...bind('lastName')}
          />
          <TextInput
            label={t('persons.form.partnerPrefix', 'Tussenvoegsel partner')}
            maxLength={20}
            {...bind('partnerPrefix')}
          />
          <TextInput
            label={t('persons.form.partnerLastName', 'Achternaam partner')}
            maxLength={100}
            {...bind('partnerLastName')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('persons.form.dateOfBirth', 'Geboortedatum')}
            type="date"
            min="1900-01-01"
            max={dayjs().format('YYYY-MM-DD')}
            {...bind('dateOfBirth')}
          />
          <TextInput
            label={t('persons.form.customerName', 'Klantnaam')}
            maxLength={100}
            {...bind('customerName')}
          />
        </SimpleGrid>
        <AvatarInput
          value={values.avatar}
          onChange={(avatar) => setValues((current) => ({ ...current, avatar }))}
          error={errors.Avatar}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} data-testid="person-form-cancel">
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
