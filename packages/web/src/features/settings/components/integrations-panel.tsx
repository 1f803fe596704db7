import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Checkbox.css';
import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import type { Integration, IntegrationReportDetail } from '@zorgportaal/contract';
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
import {
  useDeleteIntegration,
  useIntegrations,
  useRunIntegration,
  useRunSync,
  useSetIntegrationStatuses,
} from '../api/integrations.ts';
import { IntegrationForm } from './integration-form.tsx';
import { ReportsDialog } from './reports-dialog.tsx';
import { ReportSummary } from './report-view.tsx';

/** The one integration GET /api/mijncaress/sync runs: the first active MijnCaress link. */
const syncTarget = (rows: Integration[]) =>
  rows.filter((r) => r.Type === 'mijncaress' && r.Active).sort((a, b) => a.Id - b.Id)[0];

/** Koppelingen: list, select several to switch on or off, create, change, delete, run and read reports. */
export function IntegrationsPanel({ organisationName }: { organisationName: string | undefined }) {
  const { t } = useTranslation();
  const list = useIntegrations();
  const statuses = useSetIntegrationStatuses();
  const remove = useDeleteIntegration();
  const sync = useRunSync();
  const runOne = useRunIntegration();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Integration | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Integration | null>(null);
  const [reports, setReports] = useState<{
    integration: Integration;
    fresh: IntegrationReportDetail | null;
  } | null>(null);

  if (list.isPending) return <TableSkeleton />;
  if (list.isError)
    return (
      <LoadError
        message={t('integrations.loadError', 'De koppelingen konden niet worden geladen.')}
        detail={apiErrorMessage(t, list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  const rows = list.data.Rows;
  const target = syncTarget(rows);
  const live = selected.filter((id) => rows.some((r) => r.Id === id));

  const setActive = (active: boolean) =>
    void withFeedback(statuses.mutateAsync({ Ids: live, Active: active }), {
      onSuccess: () => {
        setSelected([]);
        toastSuccess(
          active
            ? t('integrations.activated', 'De gekozen koppelingen staan aan.')
            : t('integrations.deactivated', 'De gekozen koppelingen staan uit.'),
        );
      },
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });

  const runSync = (integration: Integration) =>
    void withFeedback(sync.mutateAsync(), {
      onSuccess: (report) => setReports({ integration, fresh: report }),
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });
  const runMp9 = (integration: Integration) =>
    void withFeedback(runOne.mutateAsync(integration.Id), {
      onSuccess: (report) => setReports({ integration, fresh: report }),
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });

  return (
    <Stack gap="sm" data-testid="integrations-panel">
      <Group justify="space-between">
        <Group gap="xs">
          <Button
            variant="default"
            size="compact-sm"
            disabled={live.length === 0}
            loading={statuses.isPending}
            onClick={() => setActive(true)}
            data-testid="integrations-activate"
          >
            {t('integrations.activate', 'Activeren')}
          </Button>
          <Button
            variant="default"
            size="compact-sm"
            disabled={live.length === 0}
            loading={statuses.isPending}
            onClick={() => setActive(false)}
            data-testid="integrations-deactivate"
          >
            {t('integrations.deactivate', 'Deactiveren')}
          </Button>
        </Group>
        <Button onClick={() => setEditing(null)} data-testid="integration-new">
          {t('integrations.new', 'Nieuwe koppeling')}
        </Button>
      </Group>
      {rows.length === 0 ? (
        <EmptyMessage
          title={t('integrations.empty', 'Nog geen koppelingen')}
          description={t('integrations.emptyHint', 'Koppel bijvoorbeeld het ECD om cliënten over te nemen.')}
        />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" className={stacked.table} data-testid="integrations-table">
            <Table.Caption>{t('integrations.caption', 'Koppelingen')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <Checkbox
                    aria-label={t('integrations.selectAll', 'Alle koppelingen kiezen')}
                    checked={live.length === rows.length}
                    indeterminate={live.length > 0 && live.length < rows.length}
                    onChange={(e) => setSelected(e.currentTarget.checked ? rows.map((r) => r.Id) : [])}
                  />
                </Table.Th>
                <Table.Th>{t('integrations.name', 'Naam')}</Table.Th>
                <Table.Th>{t('integrations.type', 'Soort')}</Table.Th>
                <Table.Th>{t('integrations.status', 'Status')}</Table.Th>
                <Table.Th>{t('integrations.lastRun', 'Laatste run')}</Table.Th>
                <Table.Th>{t('integrations.actionsHeading', 'Acties')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.Id} data-testid="integration-row" data-integration-id={row.Id}>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('integrations.selectOne', '{{name}} kiezen', { name: row.Name })}
                      checked={live.includes(row.Id)}
                      onChange={(e) =>
                        setSelected((ids) =>
                          e.currentTarget.checked ? [...ids, row.Id] : ids.filter((id) => id !== row.Id),
                        )
                      }
                      data-testid="integration-select"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600} fz="sm" data-testid="integration-row-name">
                      {row.Name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {row.Source}
                      {row.HasSecret ? ` · ${t('integrations.hasSecret', 'Sleutel ingesteld')}` : ''}
                    </Text>
                    {row.NextRunAt && (
                      <Text fz="xs" c="dimmed" data-testid="integration-next-run">
                        {t('integrations.nextRun', 'Volgende run {{date}}', {
                          date: formatDateTime(row.NextRunAt),
                        })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('integrations.type', 'Soort')}>
                    {t(`integrations.types.${row.Type}`)}
                  </Table.Td>
                  <Table.Td data-label={t('integrations.status', 'Status')}>
                    <Badge
                      color={row.Active ? 'green' : 'gray'}
                      variant="light"
                      data-testid="integration-status"
                    >
                      {row.Active ? t('integrations.on', 'Actief') : t('integrations.off', 'Inactief')}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label={t('integrations.lastRun', 'Laatste run')}>
                    {row.LastReport ? (
                      <ReportSummary report={row.LastReport} />
                    ) : (
                      <Text fz="sm" c="dimmed">
                        {t('integrations.never', 'Nog niet gedraaid')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-full>
                    <Group gap="xs" wrap="wrap">
                      {target?.Id === row.Id && (
                        <Button
                          size="compact-sm"
                          loading={sync.isPending}
                          onClick={() => runSync(row)}
                          data-testid="integration-sync"
                        >
                          {t('integrations.syncNow', 'Nu synchroniseren')}
                        </Button>
                      )}
                      {row.Type === 'mp9' && row.Active && (
                        <Button
                          size="compact-sm"
                          loading={runOne.isPending && runOne.variables === row.Id}
                          onClick={() => runMp9(row)}
                          data-testid="integration-run"
                        >
                          {t('integrations.fetchNow', 'Nu ophalen')}
                        </Button>
                      )}
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => setEditing(row)}
                        data-testid="integration-edit"
                      >
                        {t('integrations.edit', 'Wijzigen')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() => setReports({ integration: row, fresh: null })}
                        data-testid="integration-reports"
                      >
                        {t('integrations.reports', 'Rapporten')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        onClick={() => setDeleting(row)}
                        aria-label={t('integrations.deleteFor', '{{name}} verwijderen', { name: row.Name })}
                        data-testid="integration-delete"
                      >
                        {t('common.delete', 'Verwijderen')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing !== undefined && (
        <IntegrationForm
          integration={editing}
          organisationName={organisationName}
          onClose={() => setEditing(undefined)}
        />
      )}
      {reports && (
        <ReportsDialog
          integration={reports.integration}
          fresh={reports.fresh}
          onClose={() => setReports(null)}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('integrations.deleteTitle', 'Koppeling verwijderen')}
        confirmLabel={t('common.delete', 'Verwijderen')}
        color="red"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          void withFeedback(remove.mutateAsync(deleting!.Id), {
            onSuccess: () => {
              toastSuccess(t('integrations.deleted', 'De koppeling is verwijderd.'));
              setDeleting(null);
            },
            onError: (error) => toastError(apiErrorMessage(t, error)),
          })
        }
      >
        <Text>
          {t('integrations.deleteQuestion', 'Koppeling "{{name}}" en al haar rapporten verwijderen?', {
            name: deleting?.Name ?? '',
          })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
