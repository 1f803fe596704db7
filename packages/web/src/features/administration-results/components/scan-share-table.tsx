import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Scanning } from '@zorgportaal/contract';
import stacked from '../../../components/stacked-table.module.css';
import { formatPercentage } from './results-tables.tsx';

/**
 * How often the bedside scan is used, per department (docs/scanning.md): the "gescand" share of the given
 * doses, the scans made and how many of them caught something.
 */
export function ScanShareTable({ scanning }: { scanning: Scanning }) {
  const { t } = useTranslation();
  const columns = {
    department: t('scan.results.department', 'Afdeling'),
    scanned: t('scan.results.scanned', 'Gescand'),
    scans: t('scan.results.scans', 'Scans'),
    mismatches: t('scan.results.mismatches', 'Afgekeurd'),
  };
  const rows = [
    ...scanning.ByDepartment,
    { ...scanning, Key: 'total', Label: t('administration.results.total', 'Totaal') },
  ];
  return (
    <Table verticalSpacing="xs" maw={720} className={stacked.table} data-testid="scan-share-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{columns.department}</Table.Th>
          <Table.Th ta="right">{columns.scanned}</Table.Th>
          <Table.Th ta="right">{columns.scans}</Table.Th>
          <Table.Th ta="right">{columns.mismatches}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.Key} data-testid="scan-share-row" data-key={row.Key}>
            <Table.Td fw={row.Key === 'total' ? 700 : undefined}>{row.Label}</Table.Td>
            <Table.Td ta="right" data-label={columns.scanned}>
              {t('scan.results.share', '{{scanned}} van {{given}} ({{percentage}})', {
                scanned: row.ScannedGiven,
                given: row.Given,
                percentage: formatPercentage(row.Percentage),
              })}
            </Table.Td>
            <Table.Td ta="right" data-label={columns.scans}>
              {row.Scans}
            </Table.Td>
            <Table.Td ta="right" data-label={columns.mismatches}>
              {row.Mismatches}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
