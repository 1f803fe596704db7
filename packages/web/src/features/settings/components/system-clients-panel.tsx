import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  FHIR_SYSTEM_TYPES,
  MEDICATION_REQUEST_WRITE_SCOPE,
  systemClientBodySchema,
  systemScopeOf,
  type SystemClient,
  type SystemClientBody,
  type SystemClientCreated,
} from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import stacked from '../../../components/stacked-table.module.css';
import { apiErrorMessage, fieldErrors } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { contractResolver } from '../../../lib/form.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useCreateSystemClient, useRevokeSystemClient, useSystemClients } from '../api/system-clients.ts';

/** The FHIR type of a scope `system/<Type>.rs`, for its label. */
const typeOf = (scope: string) => /^system\/([A-Za-z]+)\./.exec(scope)?.[1] ?? scope;
/** A scope's label: the type it reads, or the one write scope. */
const scopeKey = (scope: string) =>
  scope === MEDICATION_REQUEST_WRITE_SCOPE
    ? 'systemClients.writeMedicationRequest'
    : `systemClients.types.${typeOf(scope)}`;

/** Create: name and scopes; then the id and the secret, shown this once. */
function CreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateSystemClient();
  const [created, setCreated] = useState<SystemClientCreated | null>(null);
  const form = useForm<SystemClientBody>({
    initialValues: { Name: '', Scopes: [] },
    validate: contractResolver<SystemClientBody>(systemClientBodySchema),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (client) => setCreated(client),
      onError: (error) => {
        const errors = fieldErrors(error);
        if (Object.keys(errors).length) form.setErrors(errors);
        else toastError(apiErrorMessage(t, error));
      },
    }),
  );

  return (
    <Dialog
      opened
      onClose={onClose}
      size="lg"
      title={t('systemClients.newTitle', 'Nieuwe systeemclient')}
      data-testid="system-client-form"
    >
      {created ? (
        <Stack gap="sm" data-testid="system-client-created">
          <Alert color="orange" title={t('systemClients.secretOnceTitle', 'Kopieer het geheim nu')}>
            {t(
              'systemClients.secretOnce',
              'Het geheim wordt alleen nu getoond en nergens bewaard. Sluit u dit venster, dan is het niet meer op te vragen; maak dan een nieuwe systeemclient.',
            )}
          </Alert>
          <TextInput
            label={t('systemClients.clientId', 'Client-ID')}
            value={created.ClientId}
            readOnly
            data-testid="system-client-created-id"
          />
          <TextInput
            label={t('systemClients.secret', 'Geheim (client_secret)')}
            value={created.ClientSecret}
            readOnly
            data-testid="system-client-created-secret"
          />
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="system-client-created-close">
              {t('systemClients.secretCopied', 'Ik heb het geheim bewaard')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('systemClients.name', 'Naam')}
              description={t('systemClients.nameHint', 'Bijvoorbeeld het systeem dat de gegevens leest.')}
              required
              data-testid="system-client-name"
              {...form.getInputProps('Name')}
            />
            <Checkbox.Group
              label={t('systemClients.scopes', 'Gegevenssoorten')}
              required
              {...form.getInputProps('Scopes')}
            >
              <Stack gap={6} mt={6}>
                {FHIR_SYSTEM_TYPES.map((type) => (
                  <Checkbox
                    key={type}
                    value={systemScopeOf(type)}
                    label={t(`systemClients.types.${type}`)}
                    data-testid={`system-client-scope-${type}`}
                  />
                ))}
                <Checkbox
                  value={MEDICATION_REQUEST_WRITE_SCOPE}
                  label={t('systemClients.writeMedicationRequest')}
                  data-testid="system-client-scope-MedicationRequest-write"
                />
              </Stack>
            </Checkbox.Group>
            <FormActions
              onCancel={onClose}
              submitLabel={t('systemClients.create', 'Aanmaken')}
              loading={create.isPending}
              submitTestId="system-client-submit"
            />
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

/**
 * Systeemclients in Koppelingen: the organisation's FHIR clients (OAuth2 client credentials). Create (the
 * secret shown once), list, revoke after a confirmation.
 */
export function SystemClientsPanel() {
  const { t } = useTranslation();
  const list = useSystemClients();
  const revoke = useRevokeSystemClient();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<SystemClient | null>(null);

  const heading = (
    <Group justify="space-between" align="flex-end">
      <Stack gap={2}>
        <Title order={3} fz="h4">
          {t('systemClients.title', 'Systeemclients (FHIR)')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t(
            'systemClients.intro',
            'Een systeem van uw organisatie leest hiermee het medicatiedossier via /fhir/R4, zonder gebruiker: het ziet dezelfde cliënten als uw medewerkers, alleen de gekozen gegevenssoorten.',
          )}
        </Text>
      </Stack>
      <Button onClick={() => setCreating(true)} data-testid="system-client-new">
        {t('systemClients.new', 'Nieuwe systeemclient')}
      </Button>
    </Group>
  );

  let body;
  if (list.isPending) body = <TableSkeleton />;
  else if (list.isError)
    body = (
      <LoadError
        message={t('systemClients.loadError', 'De systeemclients konden niet worden geladen.')}
        detail={apiErrorMessage(t, list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  else if (list.data.Rows.length === 0)
    body = <EmptyMessage title={t('systemClients.empty', 'Nog geen systeemclients')} />;
  else
    body = (
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="xs" className={stacked.table} data-testid="system-clients-table">
          <Table.Caption>{t('systemClients.caption', 'Systeemclients')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('systemClients.name', 'Naam')}</Table.Th>
              <Table.Th>{t('systemClients.scopesShort', 'Gegevenssoorten')}</Table.Th>
              <Table.Th>{t('systemClients.lastUsed', 'Laatst gebruikt')}</Table.Th>
              <Table.Th>{t('systemClients.status', 'Status')}</Table.Th>
              <Table.Th>{t('systemClients.actions', 'Acties')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.Rows.map((row) => (
              <Table.Tr key={row.Id} data-testid="system-client-row">
                <Table.Td>
                  <Text fw={600} fz="sm">
                    {row.Name}
                  </Text>
                  <Text fz="xs" c="dimmed" ff="monospace">
                    {row.ClientId}
                  </Text>
                </Table.Td>
                <Table.Td data-label={t('systemClients.scopesShort', 'Gegevenssoorten')}>
                  {row.Scopes.map((scope) => t(scopeKey(scope))).join(', ')}
                </Table.Td>
                <Table.Td data-label={t('systemClients.lastUsed', 'Laatst gebruikt')}>
                  {row.LastUsedAt ? formatDateTime(row.LastUsedAt) : t('systemClients.never', 'Nog niet')}
                </Table.Td>
                <Table.Td data-label={t('systemClients.status', 'Status')}>
                  <Badge color={row.RevokedAt ? 'gray' : 'green'} variant="light">
                    {row.RevokedAt
                      ? t('systemClients.revokedAt', 'Ingetrokken {{date}}', {
                          date: formatDateTime(row.RevokedAt),
                        })
                      : t('systemClients.active', 'Actief')}
                  </Badge>
                </Table.Td>
                <Table.Td data-full>
                  {!row.RevokedAt && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      onClick={() => setRevoking(row)}
                      aria-label={t('systemClients.revokeFor', '{{name}} intrekken', { name: row.Name })}
                      data-testid="system-client-revoke"
                    >
                      {t('systemClients.revoke', 'Intrekken')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

  return (
    <Stack gap="sm" data-testid="system-clients-panel">
      {heading}
      {body}
      {creating && <CreateDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        opened={revoking !== null}
        title={t('systemClients.revokeTitle', 'Systeemclient intrekken')}
        confirmLabel={t('systemClients.revoke', 'Intrekken')}
        color="red"
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoke.mutate(revoking!.Id, {
            onSuccess: () => {
              toastSuccess(t('systemClients.revoked', 'De systeemclient is ingetrokken.'));
              setRevoking(null);
            },
            onError: (error) => toastError(apiErrorMessage(t, error)),
          })
        }
      >
        <Text>
          {t(
            'systemClients.revokeQuestion',
            'Systeemclient "{{name}}" intrekken? Het systeem dat haar gebruikt, krijgt direct geen toegang meer. Dit is niet terug te draaien.',
            { name: revoking?.Name ?? '' },
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
