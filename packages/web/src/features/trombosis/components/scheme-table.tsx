import '@mantine/core/styles/Table.css';
import { Table, Text } from '@mantine/core';
import type { DosageScheme } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import stacked from '../../../components/stacked-table.module.css';
import { formatDate } from '../../../lib/format.ts';
import { useWeekdays } from '../../../lib/weekdays.ts';
import { tabletsText } from '../utils/tablets.ts';

/** Schemes with period, tablets per weekday, week total and next check (history: newest first). */
export function SchemeTable({ rows, testId }: { rows: readonly DosageScheme[]; testId: string }) {
  const { t } = useTranslation();
  const weekdays = useWeekdays();
  const drug = (d: DosageScheme['Drug']) =>
    d === 'acenocoumarol'
      ? t('trombosis.drugName.acenocoumarol', 'Acenocoumarol 1 mg')
      : t('trombosis.drugName.fenprocoumon', 'Fenprocoumon 3 mg');
  const period = t('trombosis.column.period', 'Periode');
  const total = t('trombosis.column.weekTotal', 'Weektotaal');
  const check = t('trombosis.column.nextCheck', 'Volgende controle');
  const by = t('trombosis.column.createdBy', 'Door');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" striped className={stacked.table} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('trombosis.column.drug', 'Middel')}</Table.Th>
            <Table.Th>{period}</Table.Th>
            {weekdays.map((d) => (
              <Table.Th key={d}>{d}</Table.Th>
            ))}
            <Table.Th>{total}</Table.Th>
            <Table.Th>{check}</Table.Th>
            <Table.Th>{by}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr key={s.Id} data-testid="scheme-row">
              <Table.Td>
                <Text fw={600}>{drug(s.Drug)}</Text>
              </Table.Td>
              <Table.Td data-label={period}>
                {s.ValidUntil
                  ? t('trombosis.periodUntil', '{{from}} t/m {{until}}', {
                      from: formatDate(s.ValidFrom),
                      until: formatDate(s.ValidUntil),
                    })
                  : t('trombosis.periodFrom', 'vanaf {{from}}', { from: formatDate(s.ValidFrom) })}
              </Table.Td>
              {s.TabletsPerDay.map((n, i) => (
                <Table.Td key={i} data-label={weekdays[i]} data-testid="scheme-day">
                  {tabletsText(n)}
                </Table.Td>
              ))}
              <Table.Td data-label={total}>{String(s.WeekTotalMg).replace('.', ',')} mg</Table.Td>
              <Table.Td data-label={check}>{formatDate(s.NextCheck)}</Table.Td>
              <Table.Td data-label={by}>{s.CreatedBy ?? '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
