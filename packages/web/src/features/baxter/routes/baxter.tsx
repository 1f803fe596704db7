import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Combobox.css';
import { useState } from 'react';
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { BAXTER_STATUSES, STATUS_COLORS, type BaxterRoll, type BaxterStatus } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PrintButton } from '../../../components/print-button.tsx';
import stacked from '../../../components/stacked-table.module.css';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { addDays, isIsoDay, weekdayIndex } from '../../../lib/dates.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { usePrintAudit } from '../../../lib/print-audit.ts';
import { getEntityType, hasPermission } from '../../../lib/session.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useBaxterDepartments, useGenerateRolls, useHandOver, useLayOut, useRolls } from '../api/baxter.ts';
import { ImportDialog } from '../components/import-dialog.tsx';
import { InterimChanges } from '../components/interim-changes.tsx';
import { SachetScanDialog } from '../components/sachet-scan-dialog.tsx';
import { StatusSwatch } from '../../../components/status-swatch.tsx';
import { useRollStatusLabel } from '../components/roll-status.tsx';

const who = (by: { By: string | null; At: string } | null) =>
  by ? `${by.By ?? ''} · ${formatDateTime(by.At)}` : '';

/** A week in the address is its Monday. */
const isWeek = (value: string | null): value is string => isIsoDay(value) && weekdayIndex(value) === 0;
const isStatus = (value: string | null): value is BaxterStatus =>
  (BAXTER_STATUSES as readonly (string | null)[]).includes(value);

/**
 * /baxter: the rolls per department and week; lay out (pharmacy), hand over (care centre), print the list.
 * Week and status are in the address (?week=&status=), so the dashboard tile opens exactly what it counts.
 */
export default function BaxterPage() {
  const { t } = useTranslation();
  const pharmacy = getEntityType() === 'pharmacy';
  const [params, setParams] = useSearchParams();
  const week = isWeek(params.get('week')) ? params.get('week')! : undefined;
  const status = isStatus(params.get('status')) ? (params.get('status') as BaxterStatus) : undefined;
  const setParam = (name: 'week' | 'status', value: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  const setWeek = (value: string) => setParam('week', value);
  const statusLabel = useRollStatusLabel();
  const [departmentId, setDepartmentId] = useState<number | undefined>(undefined);
  const rolls = useRolls({ week, departmentId, status });
  const departments = useBaxterDepartments().data?.Rows ?? [];
  const layOut = useLayOut();
  const handOver = useHandOver();
  const generate = useGenerateRolls();
  const [importing, setImporting] = useState(false);
  const [scanning, setScanning] = useState<BaxterRoll | null>(null);
  const shown = rolls.data?.WeekStart;
  usePrintAudit(
    rolls.data
      ? {
          Screen: 'baxter_roll_list',
          DepartmentId: departmentId,
          PatientIds: [...new Set(rolls.data.Rows.map((roll) => roll.Patient.Id))],
        }
      : null,
  );
  const mayLayOut = pharmacy && hasPermission('baxter.write');
  const mayHandOver = !pharmacy && hasPermission('baxter.handover');
  const onError = (error: unknown) => toastError(apiErrorMessage(t, error));

  // Laying out and handing over have no undo: each asks first.
  const [confirming, setConfirming] = useState<{ roll: BaxterRoll; kind: 'layout' | 'handover' } | null>(
    null,
  );
  const act = (roll: BaxterRoll, kind: 'layout' | 'handover') =>
    void withFeedback((kind === 'layout' ? layOut : handOver).mutateAsync(roll.Id), {
      onSuccess: () =>
        toastSuccess(
          kind === 'layout'
            ? t('baxter.laidOutDone', 'De rol van {{name}} is uitgezet.', { name: roll.Patient.Name })
            : t('baxter.handedOverDone', 'De rol van {{name}} is overgedragen.', { name: roll.Patient.Name }),
        ),
      onError,
    });

  return (
    <Stack gap="md">
      <PageHeading title={t('routes.baxter', 'Baxter')} />
      {shown ? (
        <Text fw={600} data-print-only data-testid="week-print">
          {t('baxter.week', 'Week van {{from}} t/m {{to}}', {
            from: formatDate(shown),
            to: formatDate(addDays(shown, 6)),
          })}
        </Text>
      ) : null}
      <Group align="flex-end" gap="md" data-no-print>
        <Group gap="xs" align="flex-end">
          <Button
            variant="default"
            onClick={() => shown && setWeek(addDays(shown, -7))}
            data-testid="week-previous"
          >
            {t('baxter.previousWeek', 'Vorige week')}
          </Button>
          <Text fw={600} data-testid="week-label" aria-live="polite">
            {shown
              ? t('baxter.week', 'Week van {{from}} t/m {{to}}', {
                  from: formatDate(shown),
                  to: formatDate(addDays(shown, 6)),
                })
              : ''}
          </Text>
          <Button
            variant="default"
            onClick={() => shown && setWeek(addDays(shown, 7))}
            data-testid="week-next"
          >
            {t('baxter.nextWeek', 'Volgende week')}
          </Button>
        </Group>
        <Select
          label={t('baxter.department', 'Afdeling')}
          placeholder={t('baxter.allDepartments', 'Alle afdelingen')}
          clearable
          w={260}
          data={departments.map((d) => ({
            value: String(d.Id),
            label: pharmacy ? `${d.Name} (${d.EntityName})` : d.Name,
          }))}
          value={departmentId ? String(departmentId) : null}
          onChange={(value) => setDepartmentId(value ? Number(value) : undefined)}
          data-testid="baxter-department"
        />
        <Select
          label={t('baxter.filterStatus', 'Status')}
          placeholder={t('baxter.allStatuses', 'Alle statussen')}
          clearable
          w={220}
          data={BAXTER_STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
          value={status ?? null}
          onChange={(value) => setParam('status', value ?? undefined)}
          data-testid="baxter-status-filter"
        />
        {mayLayOut ? (
          <>
            <Button
              variant="light"
              loading={generate.isPending}
              onClick={() =>
                shown &&
                void withFeedback(generate.mutateAsync(shown), {
                  onSuccess: (r) =>
                    toastSuccess(
                      t('baxter.generated', '{{count}} nieuwe rollen aangemaakt.', { count: r.Created }),
                    ),
                  onError,
                })
              }
              data-testid="baxter-generate"
            >
              {t('baxter.generate', 'Rollen aanmaken uit GDS-afspraken')}
            </Button>
            <Button variant="light" onClick={() => setImporting(true)} data-testid="baxter-import">
              {t('baxter.import', 'Rolbestand inlezen')}
            </Button>
          </>
        ) : null}
        <PrintButton data-testid="baxter-print">
          {t('baxter.print', 'Overdrachtslijst afdrukken')}
        </PrintButton>
      </Group>
      {rolls.isPending ? (
        <TableSkeleton data-testid="baxter-skeleton" />
      ) : rolls.isError ? (
        <LoadError
          message={t('baxter.loadError', 'De baxterrollen konden niet worden geladen.')}
          detail={apiErrorMessage(t, rolls.error)}
          onRetry={() => void rolls.refetch()}
        />
      ) : rolls.data!.Rows.length === 0 ? (
        <EmptyMessage
          title={t('baxter.empty', 'Geen baxterrollen in deze week.')}
          data-testid="baxter-empty"
        />
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped verticalSpacing="xs" className={stacked.table} data-testid="baxter-table">
            <Table.Caption>{t('baxter.caption', 'Overdrachtslijst baxterrollen')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('baxter.col.client', 'Cliënt')}</Table.Th>
                <Table.Th>{t('baxter.col.department', 'Afdeling en kamer')}</Table.Th>
                <Table.Th>{t('baxter.col.status', 'Status')}</Table.Th>
                <Table.Th>{t('baxter.col.sachets', 'Zakjes')}</Table.Th>
                <Table.Th>{t('baxter.col.laidOut', 'Uitgezet')}</Table.Th>
                <Table.Th>{t('baxter.col.handedOver', 'Overgedragen')}</Table.Th>
                <Table.Th data-no-print>{t('baxter.col.actions', 'Acties')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rolls.data!.Rows.map((roll) => (
                <Table.Tr key={roll.Id} data-testid="roll-row" data-roll-id={roll.Id} data-print-avoid-break>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {roll.Patient.Name}
                    </Text>
                    {pharmacy ? (
                      <Text fz="sm" c="dimmed">
                        {roll.Entity.Name}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td data-label={t('baxter.col.department', 'Afdeling en kamer')}>
                    {roll.Department.Name}
                    {roll.Room ? ` · ${roll.Room}` : ''}
                  </Table.Td>
                  <Table.Td data-label={t('baxter.col.status', 'Status')}>
                    <StatusSwatch
                      status={roll.Status}
                      color={STATUS_COLORS[roll.Status]}
                      label={statusLabel(roll.Status)}
                      testId="roll-status"
                    />
                    <InterimChanges changes={roll.InterimChanges} />
                  </Table.Td>
                  <Table.Td data-label={t('baxter.col.sachets', 'Zakjes')}>
                    {roll.FromFile
                      ? t('baxter.sachetsFile', '{{count}} (rolbestand)', { count: roll.Sachets.length })
                      : t('baxter.sachetsPlanned', '{{count}} (uit afspraken)', {
                          count: roll.Sachets.length,
                        })}
                  </Table.Td>
                  <Table.Td data-label={t('baxter.col.laidOut', 'Uitgezet')} data-testid="roll-laid-out">
                    {who(roll.LaidOut)}
                  </Table.Td>
                  <Table.Td
                    data-label={t('baxter.col.handedOver', 'Overgedragen')}
                    data-testid="roll-handed-over"
                  >
                    {who(roll.HandedOver)}
                  </Table.Td>
                  <Table.Td data-full data-no-print>
                    {mayLayOut && roll.Status === 'waiting_for_file' ? (
                      <Button
                        size="compact-sm"
                        loading={layOut.isPending && layOut.variables === roll.Id}
                        onClick={() => setConfirming({ roll, kind: 'layout' })}
                        aria-label={t('baxter.layOutFor', 'Rol van {{name}} uitzetten', {
                          name: roll.Patient.Name,
                        })}
                        data-testid="roll-layout"
                      >
                        {t('baxter.layOut', 'Uitzetten')}
                      </Button>
                    ) : null}
                    {mayLayOut && roll.Status !== 'handed_over' ? (
                      <Button
                        size="compact-sm"
                        variant="light"
                        onClick={() => setScanning(roll)}
                        data-testid="roll-scan"
                      >
                        {t('scan.baxter.action', 'Zakjes scannen')}
                      </Button>
                    ) : null}
                    {mayHandOver && roll.Status === 'laid_out' ? (
                      <Button
                        size="compact-sm"
                        loading={handOver.isPending && handOver.variables === roll.Id}
                        onClick={() => setConfirming({ roll, kind: 'handover' })}
                        aria-label={t('baxter.handOverFor', 'Rol van {{name}} overdragen', {
                          name: roll.Patient.Name,
                        })}
                        data-testid="roll-handover"
                      >
                        {t('baxter.handOver', 'Overdragen')}
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {mayLayOut ? <ImportDialog opened={importing} onClose={() => setImporting(false)} /> : null}
      {mayLayOut ? <SachetScanDialog roll={scanning} onClose={() => setScanning(null)} /> : null}
      <ConfirmDialog
        opened={confirming !== null}
        title={
          confirming?.kind === 'handover'
            ? t('baxter.handOverTitle', 'Rol van {{name}} overdragen?', {
                name: confirming.roll.Patient.Name,
              })
            : t('baxter.layOutTitle', 'Rol van {{name}} uitzetten?', {
                name: confirming?.roll.Patient.Name ?? '',
              })
        }
        confirmLabel={
          confirming?.kind === 'handover'
            ? t('baxter.handOver', 'Overdragen')
            : t('baxter.layOut', 'Uitzetten')
        }
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) act(confirming.roll, confirming.kind);
          setConfirming(null);
        }}
      >
        <Text fz="sm" data-testid="roll-confirm-text">
          {confirming?.kind === 'handover'
            ? t(
                'baxter.handOverText',
                'Daarmee bevestigt u dat de afdeling de rol heeft ontvangen. Dit kan niet ongedaan worden gemaakt.',
              )
            : t(
                'baxter.layOutText',
                'De zorginstelling ziet de rol dan als uitgezet, klaar om over te dragen. Dit kan niet ongedaan worden gemaakt.',
              )}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
