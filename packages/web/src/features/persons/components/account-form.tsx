import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Checkbox, MultiSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Account, AccountLookups } from '@zorgportaal/contract';
import { EmailListField } from '../../../components/email-list-field.tsx';
import { apiErrorMessage, fieldErrors } from '../../../lib/api-errors.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useLinkAccount } from '../api/link-account.ts';
import { useUpdateAccount } from '../api/update-account.ts';
import {
  accountFormErrors,
  accountFormResolver,
  accountToForm,
  checkLinkForm,
  checkUpdateForm,
  newAccountForm,
  type AccountFormValues,
} from '../utils/account-form.ts';
import { DateField } from '../../../components/date-field.tsx';
import { FormActions } from '../../../components/form-actions.tsx';

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
  const form = useForm<AccountFormValues>({
    initialValues: account ? accountToForm(account) : newAccountForm(),
    validate: accountFormResolver(account),
  });
  const bind = (path: keyof AccountFormValues, testId: string) => ({
    ...form.getInputProps(path),
    'data-testid': `account-form-${testId}`,
  });

  // The confirmation and the close follow the request, not the form: a link unmounts it (withFeedback).
  const feedback = (done: string) => ({
    onSuccess: () => {
      toastSuccess(done);
      onDone();
    },
    onError: (error: unknown) => {
      form.setErrors(accountFormErrors(fieldErrors(error)));
      toastError(apiErrorMessage(t, error));
    },
  });

  // The resolver has passed, so the checks give the parsed body (trimmed, defaults applied).
  const handleSubmit = form.onSubmit((values) => {
    if (account) {
      const check = checkUpdateForm(values, account);
      if (check.ok)
        void withFeedback(
          update.mutateAsync({ id: account.Id, body: check.body }),
          feedback(t('persons.account.saved', 'Het account is opgeslagen.')),
        );
    } else {
      const check = checkLinkForm(values);
      if (check.ok)
        void withFeedback(
          link.mutateAsync({ personId, body: check.body }),
          feedback(
            t('persons.account.linked', 'Het account is gekoppeld; de gebruiker ontvangt een e-mail.'),
          ),
        );
    }
  });

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
            {...bind('username', 'username')}
          />
          <TextInput
            label={t('persons.account.employeeNumber', 'Personeelsnummer')}
            maxLength={50}
            {...bind('employeeNumber', 'employee-number')}
          />
        </SimpleGrid>
        <EmailListField
          label={t('persons.account.emails', 'E-mailadressen')}
          emails={form.values.emails}
          onChange={(emails) => form.setFieldValue('emails', emails)}
          errors={form.errors as Record<string, string>}
          path="emails"
          required
          testId="account-form-email"
        />
        <Checkbox.Group
          label={t('persons.account.roles', 'Rollen')}
          description={t(
            'persons.account.rolesHint',
            'U kunt alleen rollen toekennen waarvan u alle rechten zelf heeft.',
          )}
          {...bind('roleIds', 'roles')}
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
          {...bind('teamIds', 'teams')}
          searchable
          clearable
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label={t('persons.account.groupsSendTo', 'Stuurt berichten naar groepen')}
            data={options(lookups.SendToGroups)}
            {...bind('sendTo', 'groups-send')}
            searchable
            clearable
          />
          <MultiSelect
            label={t('persons.account.groupsReceivesFrom', 'Ontvangt berichten van groepen')}
            data={options(lookups.Groups)}
            {...bind('receivesFrom', 'groups-receive')}
            searchable
            clearable
          />
        </SimpleGrid>
        <Checkbox.Group
          label={t('persons.account.subscriptions', 'Abonnementen')}
          {...bind('productIds', 'products')}
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
            {...bind('activeStart', 'active-start')}
          />
          <DateField
            label={t('persons.account.activeUntil', 'Actief tot en met')}
            {...bind('activeEnd', 'active-end')}
          />
        </SimpleGrid>
        <FormActions
          onCancel={onDone}
          submitLabel={account ? t('common.save', 'Opslaan') : t('persons.account.link', 'Account koppelen')}
          loading={saving}
          submitTestId="account-form-save"
        />
      </Stack>
    </form>
  );
}
