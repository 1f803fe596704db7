import { useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useForm } from '@mantine/form';
import { newIpAllowEntrySchema, type IpAllowEntry } from '@zorgportaal/contract';
import { LoadError } from '../../../components/load-error.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { apiErrorMessage as errorMessage } from '../../../lib/api-errors.ts';
import { contractResolver } from '../../../lib/form.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import {
  useAddIpAllowEntry,
  useDeleteIpAllowEntry,
  type NewIpAllowEntry,
} from '../api/change-ip-allow-list.ts';
import { useCurrentIp } from '../api/get-current-ip.ts';
import { useIpAllowList } from '../api/get-ip-allow-list.ts';
import { SettingsSection } from './settings-section.tsx';
import { useTwofaStatus } from '../api/get-twofa-status.ts';
import {
  StepUpFields,
  emptyStepUp,
  stepUpBody,
  showStepUpRefusal,
  stepUpErrors,
  validateStepUp,
  type StepUpValues,
} from './step-up-fields.tsx';
import { excludesAddress, isValidIpOrCidr } from '../utils/ip-address.ts';

/** POST /api/account/ips as the form sends it: trimmed, an empty description is none. */
const addEntrySchema = z.preprocess(
  (values) => {
    const { Ip, Description } = values as { Ip: string; Description: string };
    return { Ip: Ip.trim(), Description: Description.trim() || null };
  },
  newIpAllowEntrySchema.omit({ ProductId: true, current_password: true, totp: true }).transform((entry) => ({
    Ip: entry.Ip,
    Description: entry.Description ?? null,
  })),
);

/** A removal waiting for the user's confirmation (and step-up). */
type Pending = { entry: IpAllowEntry; locksOut: boolean };

/**
 * IP allow-list: with entries, a login or any request from another address is refused (security.md).
 * The current address is shown, and a change that would shut it out asks first.
 */
export function IpAllowListSection() {
  const { t } = useTranslation();
  const list = useIpAllowList();
  const currentIp = useCurrentIp();
  const add = useAddIpAllowEntry();
  const remove = useDeleteIpAllowEntry();
  const [pending, setPending] = useState<Pending | null>(null);

  const entries = list.data ?? [];
  const current = currentIp.data?.Ip;
  const lockOutMessage = t(
    'settings.ip.lockOutRefused',
    'Uw huidige adres ({{ip}}) valt dan buiten de lijst en u kunt niet meer inloggen. Voeg eerst uw huidige adres toe.',
    { ip: current ?? '?' },
  );
  // Every change needs the current password, and the code when 2FA is on (step-up).
  const needsCode = useTwofaStatus().data?.Enabled === true;
  const deleteForm = useForm<StepUpValues>({
    initialValues: emptyStepUp,
    validate: (values) => validateStepUp(t, values, needsCode),
  });
  const form = useForm({
    initialValues: { Ip: '', Description: '', ...emptyStepUp },
    // The contract's body check (without ProductId, which the client adds), then what only the client
    // can tell in the user's language: a real address or range, not yet in the list.
    validate: (values: { Ip: string; Description: string } & StepUpValues) => {
      const address = values.Ip.trim();
      const errors = contractResolver(addEntrySchema)(values);
      if (!isValidIpOrCidr(address))
        errors.Ip = t('settings.ip.invalid', 'Vul een geldig IPv4- of IPv6-adres of CIDR-bereik in.');
      else if (entries.some((entry) => entry.Ip === address))
        errors.Ip = t('settings.ip.duplicate', 'Dit adres staat al in de lijst.');
      return { ...errors, ...validateStepUp(t, values, needsCode) };
    },
  });

  const saveAdd = (entry: NewIpAllowEntry, stepUp: StepUpValues) =>
    void withFeedback(add.mutateAsync({ ...entry, ...stepUpBody(stepUp, needsCode) }), {
      onSuccess: () => {
        form.reset();
        toastSuccess(t('settings.ip.added', 'Het adres is toegevoegd.'));
      },
      onError: (error) => showStepUpRefusal(t, error, form, form),
    });

  const saveDelete = (entry: IpAllowEntry, stepUp: StepUpValues) =>
    void withFeedback(remove.mutateAsync({ id: entry.Id, ...stepUpBody(stepUp, needsCode) }), {
      onSuccess: () => {
        setPending(null);
        deleteForm.reset();
        toastSuccess(t('settings.ip.deleted', 'Het adres is verwijderd.'));
      },
      onError: (error) => {
        deleteForm.setFieldValue('totp', '');
        const stepUpFields = stepUpErrors(t, error);
        if (stepUpFields) return deleteForm.setErrors(stepUpFields);
        setPending(null);
        toastError(errorMessage(t, error));
      },
    });

  const handleAdd = form.onSubmit((values) => {
    const entry = addEntrySchema.parse(values);
    // The server refuses a list without the current address (409): say so at the field first.
    if (excludesAddress([...entries.map((e) => e.Ip), entry.Ip], current))
      return form.setFieldError('Ip', lockOutMessage);
    saveAdd(entry, values);
  });

  const askDelete = (entry: IpAllowEntry) => {
    const rest = entries.filter((e) => e.Id !== entry.Id).map((e) => e.Ip);
    deleteForm.reset();
    setPending({ entry, locksOut: excludesAddress(rest, current) });
  };

  const confirmDelete = () => {
    if (!pending || pending.locksOut) return setPending(null);
    if (deleteForm.validate().hasErrors) return;
    saveDelete(pending.entry, deleteForm.values);
  };

  let table;
  if (list.isPending) table = <Skeleton height={80} data-testid="ip-skeleton" />;
  else if (list.isError)
    table = (
      <LoadError
        message={t('settings.ip.loadError', 'De lijst met adressen kon niet worden geladen.')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    );
  else if (entries.length === 0)
    table = (
      <Text size="sm" data-testid="ip-empty">
        {t('settings.ip.empty', 'Geen beperking: u kunt vanaf elk adres inloggen.')}
      </Text>
    );
  else
    table = (
      <Table striped withTableBorder data-testid="ip-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.ip.address', 'Adres of bereik')}</Table.Th>
            <Table.Th>{t('settings.ip.description', 'Omschrijving')}</Table.Th>
            <Table.Th>{t('settings.ip.createdAt', 'Toegevoegd')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('settings.ip.actions', 'Acties')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.Id} data-testid="ip-entry">
              <Table.Td>
                <Code>{entry.Ip}</Code>
              </Table.Td>
              <Table.Td>{entry.Description}</Table.Td>
              <Table.Td>{formatDateTime(entry.CreatedAt)}</Table.Td>
              <Table.Td>
                <Button
                  variant="subtle"
                  color="red.8"
                  size="compact-sm"
                  onClick={() => askDelete(entry)}
                  aria-label={t('settings.ip.deleteLabel', '{{ip}} verwijderen', { ip: entry.Ip })}
                  data-testid={`ip-delete-${entry.Id}`}
                >
                  {t('common.delete', 'Verwijderen')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );

  return (
    <SettingsSection title={t('settings.ip.title', 'Toegestane IP-adressen')} testId="settings-ip">
      <Text size="sm">
        {t(
          'settings.ip.help',
          'Staan hier adressen, dan kunt u alleen vanaf die adressen inloggen. Een lege lijst betekent: geen beperking.',
        )}
      </Text>
      <Text size="sm">
        {t('settings.ip.current', 'Uw huidige adres')}:{' '}
        {currentIp.isPending ? (
          <Skeleton height={16} width={120} display="inline-block" />
        ) : (
          <Code data-testid="current-ip">{current ?? t('settings.ip.unknown', 'onbekend')}</Code>
        )}
      </Text>
      {table}
      <form onSubmit={handleAdd} noValidate aria-busy={add.isPending} data-testid="ip-add-form">
        <Group align="flex-start" gap="sm">
          <TextInput
            label={t('settings.ip.newAddress', 'Nieuw adres of bereik')}
            placeholder="192.0.2.10 / 192.0.2.0/24"
            maxLength={64}
            {...form.getInputProps('Ip')}
            data-testid="ip-new-address"
          />
          <TextInput
            label={t('settings.ip.description', 'Omschrijving')}
            maxLength={200}
            {...form.getInputProps('Description')}
            data-testid="ip-new-description"
          />
          <StepUpFields
            needsCode={needsCode}
            inputProps={(field) => form.getInputProps(field)}
            testId="ip-add"
          />
          <Button
            type="submit"
            mt={25}
            loading={add.isPending}
            disabled={list.isPending}
            data-testid="ip-add"
          >
            {t('settings.ip.add', 'Toevoegen')}
          </Button>
        </Group>
      </form>
      <ConfirmDialog
        opened={pending !== null}
        title={t('settings.ip.deleteTitle', 'Adres verwijderen')}
        confirmLabel={pending?.locksOut ? t('common.close', 'Sluiten') : t('common.delete', 'Verwijderen')}
        color={pending?.locksOut ? undefined : 'red.8'}
        loading={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirmDelete}
      >
        {pending?.locksOut ? (
          <Alert color="orange" variant="light" data-testid="ip-lockout-warning">
            {t(
              'settings.ip.deleteLockOut',
              'Zonder {{entry}} valt uw huidige adres ({{ip}}) buiten de lijst en kunt u niet meer inloggen. Verwijder het vanaf een ander toegestaan adres, of vraag uw beheerder de lijst te wissen.',
              { entry: pending.entry.Ip, ip: current ?? '?' },
            )}
          </Alert>
        ) : pending ? (
          <Stack gap="sm">
            <Text size="sm">
              {t('settings.ip.deleteQuestion', 'Wilt u {{ip}} uit de lijst verwijderen?', {
                ip: pending.entry.Ip,
              })}
            </Text>
            <StepUpFields
              needsCode={needsCode}
              inputProps={(field) => deleteForm.getInputProps(field)}
              testId="ip-delete"
            />
          </Stack>
        ) : null}
      </ConfirmDialog>
    </SettingsSection>
  );
}
