import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Account, AccountLookups } from '@zorgportaal/contract';
import { EmailListField } from '../../../components/email-list-field.tsx';
import { fieldErrors } from '../../../lib/api-errors.ts';
import { apiErrorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useLinkAccount } from '../api/link-account.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import {
  accountToForm,
  checkLinkForm,
  checkUpdateForm,
  newAccountForm,
  type AccountFormValues,
} from '../utils/account-form.ts';
import { DateField } from '../../../components/date-field.tsx';

interface AccountFormProps {
  personId: number;
  /** null: link a new account. */
  account: Account | null;
  lookups: AccountLookups;
  onDone: () => void;
}

const options = (refs: { Id: number; Name: string }[]) =>
  refs.map((r) => ({ value: String(r.Id), label: r.Name }));

/**
 * Username, e-mail addresses, employee number, roles (only the grantable ones can be switched),
 * teams, message groups, product subscriptions and the active period. No password: the user
 * chooses one through the e-mailed link.
 */
export function AccountForm({ personId, account, lookups, onDone }: AccountFormProps) {
  const { t } = useTranslation();
  const link = useLinkAccount();
  const update = useUpdateAccount();
  const saving = link.isPending || update.isPending;
  const [values, setValues] = useState<AccountFormValues>(() =>
    account ? accountToForm(account) : newAccountForm(),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof AccountFormValues>(key: K, value: AccountFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const callbacks = {
    onSuccess: () => {
      toastSuccess(
        account
          ? t('persons.account.saved', 'Het account is opgeslagen.')
          : t('persons.account.linked', 'Het account is gekoppeld; de gebruiker ontvangt een e-mail.'),
      );
      onDone();
    },
    onError: (error: unknown) => {
      setErrors(fieldErrors(error));
      toastError(apiErrorMessage(t, error));
    },
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (account) {
      const check = checkUpdateForm(values, account);
      setErrors(check.ok ? {} : check.errors);
      if (check.ok) update.mutate({ id: account.Id, body: check.body }, callbacks);
    } else {
      const check = checkLinkForm(values);
      setErrors(check.ok ? {} : check.errors);
      if (check.ok) link.mutate({ personId, body: check.body }, callbacks);
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={saving} data-testid="account-form">
      <Stack gap="md">
        <Alert color="blue" variant="light" data-testid="account-form-password-note">
          {account
            ? t(
                'persons.account.passwordNoteEdit',
                'Een beheerder ziet of typt nooit een wachtwoord. Laat de gebruiker zo nodig via "Wachtwoordmail sturen" zelf een nieuw wachtwoord kiezen.',
              )
            : t(
                'persons.account.passwordNote',
                'De gebruiker ontvangt een e-mail met een link om zelf een wachtwoord in te stellen. Een beheerder typt nooit een wachtwoord.',
              )}
        </Alert>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('persons.account.username', 'Gebruikersnaam')}
            required
            maxLength={64}
            autoComplete="off"
            value={values.username}
            onChange={(event) => set('username', event.currentTarget.value)}
            error={errors.Username}
            data-testid="account-form-username"
          />
          <TextInput
            label={t('persons.account.employeeNumber', 'Personeelsnummer')}
            maxLength={50}
            value={values.employeeNumber}
            onChange={(event) => set('employeeNumber', event.currentTarget.value)}
            error={errors.EmployeeNumber}
            data-testid="account-form-employee-number"
          />
        </SimpleGrid>
        <EmailListField
          label={t('persons.account.emails', 'E-mailadressen')}
          emails={values.emails}
          onChange={(emails) => set('emails', emails)}
          errors={errors}
          path="EmailAddress"
          required
          testId="account-form-email"
        />
        <Checkbox.Group
          label={t('persons.account.roles', 'Rollen')}
          description={t(
            'persons.account.rolesHint',
            'U kunt alleen rollen toekennen waarvan u alle rechten zelf heeft.',
          )}
          value={values.roleIds}
          onChange={(roleIds) => set('roleIds', roleIds)}
          error={errors.RoleIds}
          data-testid="account-form-roles"
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
            {lookups.Roles.map((role) => (
              <Checkbox
                key={role.Id}
                value={String(role.Id)}
                label={role.Name}
                disabled={!role.Grantable}
                data-testid={`account-form-role-${role.Id}`}
              />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <MultiSelect
          label={t('persons.account.teams', 'Teams')}
          data={options(lookups.Teams)}
          value={values.teamIds}
          onChange={(teamIds) => set('teamIds', teamIds)}
          error={errors.TeamIds}
          searchable
          clearable
          data-testid="account-form-teams"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={t('persons.account.groupsSendTo', 'Stuurt berichten naar groepen')}
            data={options(lookups.Groups)}
            value={values.sendTo}
            onChange={(sendTo) => set('sendTo', sendTo)}
            error={errors.GroupsSendTo}
            searchable
            clearable
            data-testid="account-form-groups-send"
          />
          <MultiSelect
            label={t('persons.account.groupsReceivesFrom', 'Ontvangt berichten van groepen')}
            data={options(lookups.Groups)}
            value={values.receivesFrom}
            onChange={(receivesFrom) => set('receivesFrom', receivesFrom)}
            error={errors.GroupsReceivesFrom}
            searchable
            clearable
            data-testid="account-form-groups-receive"
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('persons.account.subscriptions', 'Abonnementen')}
          value={values.productIds}
          onChange={(productIds) => set('productIds', productIds)}
          error={errors.AccountSubscription}
          data-testid="account-form-products"
        >
          <Stack gap="xs" mt="xs">
            {lookups.Products.map((product) => (
              <Checkbox key={product.Id} value={String(product.Id)} label={product.Name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <DateField
            label={t('persons.account.activeFrom', 'Actief vanaf')}
            value={values.activeStart}
            onChange={(value) => set('activeStart', value)}
            error={errors['AccountActivePeriod.Start']}
            data-testid="account-form-active-start"
          />
          <DateField
            label={t('persons.account.activeUntil', 'Actief tot en met')}
            value={values.activeEnd}
            onChange={(value) => set('activeEnd', value)}
            error={errors['AccountActivePeriod.End'] ?? errors.AccountActivePeriod}
            data-testid="account-form-active-end"
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel', 'Annuleren')}
          </Button>
          <Button type="submit" loading={saving} data-testid="account-form-save">
            {account ? t('common.save', 'Opslaan') : t('persons.account.link', 'Account koppelen')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
