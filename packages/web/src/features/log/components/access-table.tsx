import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type AccessRow, accessWhat } from '@zorgportaal/contract';
import { dayInAmsterdam, timeInAmsterdam } from '../../../lib/dates.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLogLabels } from '../hooks/use-log-labels.ts';
import stacked from '../../../components/stacked-table.module.css';
import { TableHead } from '../../../components/table-head.tsx';

/**
 * Who accessed the client's record: date and time (Europe/Amsterdam), organisation, role, the staff member
 * where the care centre's policy names them, and what was viewed or changed. The PDF and the CSV the server
 * makes hold the same columns.
 */
export function AccessTable({ rows, staffNames }: { rows: AccessRow[]; staffNames: boolean }) {
  const { t } = useTranslation();
  const { language } = useLogLabels();
  const columns: Record<string, string> = {
    date: t('log.access.table.date', 'Datum'),
    time: t('log.access.table.time', 'Tijd'),
    entity: t('log.access.table.entity', 'Organisatie'),
    role: t('log.access.table.role', 'Rol'),
    ...(staffNames ? { staff: t('log.access.table.staff', 'Medewerker') } : {}),
    what: t('log.access.table.what', 'Wat'),
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" className={stacked.table} data-testid="access-table">
        <Table.Caption>{t('log.access.caption', 'Inzage in het dossier, nieuwste eerst')}</Table.Caption>
        <TableHead columns={columns} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.EventId} data-testid="access-row" data-object-type={row.ObjectType}>
              <Table.Td data-label={columns.date}>{formatDate(dayInAmsterdam(row.EventAt))}</Table.Td>
              <Table.Td data-label={columns.time}>{timeInAmsterdam(row.EventAt)}</Table.Td>
              <Table.Td data-label={columns.entity} data-testid="access-entity">
                {row.EntityName ?? ''}
              </Table.Td>
              <Table.Td data-label={columns.role}>{row.Role ?? ''}</Table.Td>
              {staffNames ? <Table.Td data-label={columns.staff}>{row.StaffName ?? ''}</Table.Td> : null}
              <Table.Td data-label={columns.what} data-testid="access-what">
                {accessWhat(row, language)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
