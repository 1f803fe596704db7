import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { MEDICATION_REQUEST_WRITE_SCOPE, type SystemClient } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import stacked from '../../../components/stacked-table.module.css';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useRevokeSystemClient, useSystemClients } from '../api/system-clients.ts';
import { CreateSystemClientDialog } from './system-client-create-dialog.tsx';

/** The FHIR type of a scope `system/<Type>.rs`, for its label. */
const typeOf = (scope: string) => /^system\/([A-Za-z]+)\./.exec(scope)?.[1] ?? scope;
/** A scope's label: the type it reads, or the one write scope. */
const scopeKey = (scope: string) =>
  scope === MEDICATION_REQUEST_WRITE_SCOPE
    ? 'systemClients.writeMedicationRequest'
    : `systemClients.types.${typeOf(scope)}`;

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
                  <Text fz="xs" c="dimmed" data-testid="system-client-method">
                    {row.AuthMethod === 'private_key_jwt'
                      ? t('systemClients.methodKeyShort', 'Aanmelden met sleutel (private_key_jwt)')
                      : t('systemClients.methodSecretShort', 'Aanmelden met geheim')}
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
      {creating && <CreateSystemClientDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        opened={revoking !== null}
        title={t('systemClients.revokeTitle', 'Systeemclient intrekken')}
        confirmLabel={t('systemClients.revoke', 'Intrekken')}
        color="red"
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          void withFeedback(revoke.mutateAsync(revoking!.Id), {
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
