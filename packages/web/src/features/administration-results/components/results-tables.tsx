import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ADMINISTRATION_STATUSES, type Results } from '@zorgportaal/contract';
import { groupLabel } from '../../../lib/format.ts';
import { statusColor } from '../../../lib/administration/status.ts';
import stacked from '../../../components/stacked-table.module.css';

const PERCENT = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const formatPercentage = (value: number) => `${PERCENT.format(value)}%`;

/** Count and percentage per status (spec colours: given green, the rest red). */
export function StatusTable({ results }: { results: Results }) {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing="xs" maw={520} data-testid="status-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('administration.results.status', 'Status')}</Table.Th>
          <Table.Th ta="right">{t('administration.results.count', 'Aantal')}</Table.Th>
          <Table.Th ta="right">{t('administration.results.percentage', 'Percentage')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {ADMINISTRATION_STATUSES.map((status) => {
          const row = results.ByStatus.find((entry) => entry.Status === status);
          return (
            <Table.Tr key={status} data-testid="status-row" data-status={status} data-count={row?.Count ?? 0}>
              <Table.Td>
                <Badge color={statusColor(status)} variant="filled">
                  {t(`administrationStatus.${status}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" fw={600} data-label={t('administration.results.total', 'Totaal')}>
                {row?.Count ?? 0}
              </Table.Td>
              <Table.Td ta="right">{formatPercentage(row?.Percentage ?? 0)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** One row per group (department, product, patient, day or week) with its counts per status. */
export function GroupTable({ results }: { results: Results }) {
  const { t } = useTranslation();
  const statuses = ADMINISTRATION_STATUSES.filter((status) =>
    results.Groups.some((group) =>
      group.ByStatus.some((entry) => entry.Status === status && entry.Count > 0),
    ),
  );
  if (results.Groups.length === 0)
    return (
      <Text c="dark.6">{t('administration.results.noGroups', 'Geen registraties om te groeperen.')}</Text>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" className={stacked.table} data-testid="group-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`resultGrouping.${results.GroupBy}`)}</Table.Th>
            <Table.Th ta="right">{t('administration.results.total', 'Totaal')}</Table.Th>
            {statuses.map((status) => (
              <Table.Th key={status} ta="right">
                {t(`administrationStatus.${status}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.Groups.map((group) => (
            <Table.Tr key={group.Key} data-testid="group-row" data-key={group.Key}>
              <Table.Td>{groupLabel(results.GroupBy, group)}</Table.Td>
              <Table.Td ta="right" fw={600} data-label={t('administration.results.total', 'Totaal')}>
                {group.Total}
              </Table.Td>
              {statuses.map((status) => {
                const entry = group.ByStatus.find((candidate) => candidate.Status === status);
                return (
                  <Table.Td key={status} ta="right" data-label={t(`administrationStatus.${status}`)}>
                    {entry?.Count ?? 0}
                    <Text span size="xs" c="dark.6">
                      {' '}
                      ({formatPercentage(entry?.Percentage ?? 0)})
                    </Text>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
