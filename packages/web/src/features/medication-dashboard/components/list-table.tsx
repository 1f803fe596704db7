import '@mantine/core/styles/Table.css';
import { Anchor, Table, Text } from '@mantine/core';
import type { MedicationDashboardListKey, MedicationDashboardRow } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import stacked from '../../../components/stacked-table.module.css';
import { TableHead } from '../../../components/table-head.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { columnsOf, type ListColumn } from '../utils/lists.ts';

/** The rows of one list; the client's name opens their medication overview (AMO). */
export function ListTable({
  list,
  rows,
}: {
  list: MedicationDashboardListKey;
  rows: MedicationDashboardRow[];
}) {
  const { t } = useTranslation();
  const labels: Record<ListColumn, string> = {
    patient: t('medicationDashboard.column.patient', 'Cliënt'),
    place: t('medicationDashboard.column.place', 'Afdeling'),
    medication: t('medicationDashboard.column.medication', 'Geneesmiddel'),
    start: t('medicationDashboard.column.start', 'Start'),
    stop: t('medicationDashboard.column.stop', 'Stop'),
    reason: t('medicationDashboard.column.reason', 'Reden'),
    stopType: t('medicationDashboard.column.stopType', 'Soort stop'),
    prescriber: t('medicationDashboard.column.prescriber', 'Voorschrijver'),
    change: t('medicationDashboard.column.change', 'Wijziging'),
    roll: t('medicationDashboard.column.roll', 'Baxterrol'),
    consent: t('medicationDashboard.column.consent', 'Toestemming'),
    allergies: t('medicationDashboard.column.allergies', 'Allergieën'),
  };
  const columns = columnsOf(list);
  const stopType = (value: MedicationDashboardRow['StopType']) =>
    value === 'paused'
      ? t('medicationDashboard.stopType.paused', 'Gepauzeerd')
      : value === 'cancelled'
        ? t('medicationDashboard.stopType.cancelled', 'Geannuleerd')
        : t('medicationDashboard.stopType.stopped', 'Gestopt');
  const change = (value: MedicationDashboardRow['InterimKind']) =>
    value === 'started'
      ? t('medicationDashboard.interim.started', 'Gestart')
      : value === 'stopped'
        ? t('medicationDashboard.interim.stopped', 'Gestopt')
        : t('medicationDashboard.interim.changed', 'Gewijzigd');
  const cell = (column: ListColumn, row: MedicationDashboardRow) => {
    switch (column) {
      case 'patient':
        return (
          <Anchor component={Link} to={`/amo?patient=${row.PatientId}`} fw={600} c="blue.9">
            {row.PatientName}
          </Anchor>
        );
      case 'place':
        return `${row.EntityName} · ${row.DepartmentName}`;
      case 'medication':
        return row.Medication ?? '–';
      case 'start':
      case 'stop':
        return row.At ? formatDateTime(row.At) : '–';
      case 'reason':
        return row.Reason ?? '–';
      case 'stopType':
        return stopType(row.StopType);
      case 'prescriber':
        return row.Prescriber ?? '–';
      case 'change':
        return row.At ? `${change(row.InterimKind)} ${formatDateTime(row.At)}` : change(row.InterimKind);
      case 'roll':
        return row.Roll
          ? t('medicationDashboard.rollWeek', '{{from}} t/m {{to}}', {
              from: formatDate(row.Roll.From),
              to: formatDate(row.Roll.To),
            })
          : '–';
      case 'consent':
        return row.ConsentStatus === 'withdrawn'
          ? t('medicationDashboard.consent.withdrawn', 'Ingetrokken')
          : t('medicationDashboard.consent.none', 'Nog niet vastgelegd');
      case 'allergies':
        return row.Allergies.join(', ');
    }
  };
  return (
    <Table className={stacked.table} verticalSpacing="xs" striped data-testid="medication-dashboard-table">
      <TableHead columns={Object.fromEntries(columns.map((c) => [c, labels[c]]))} />
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr
            key={`${row.PatientId}-${row.AgreementId ?? ''}-${i}`}
            data-testid="medication-dashboard-row"
          >
            {columns.map((column) => (
              <Table.Td key={column} data-label={column === 'patient' ? undefined : labels[column]}>
                {column === 'patient' ? cell(column, row) : <Text fz="sm">{cell(column, row)}</Text>}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
