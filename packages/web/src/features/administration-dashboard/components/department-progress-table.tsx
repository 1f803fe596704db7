import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Progress.css';
import { Anchor, Progress, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DepartmentProgress } from '@zorgportaal/contract';
import stacked from '../../../components/stacked-table.module.css';

const percentage = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

/** Today's progress per department; each department links to its toedienlijst. */
export function DepartmentProgressTable({
  rows,
  date,
}: {
  rows: readonly DepartmentProgress[];
  date: string;
}) {
  const { t } = useTranslation();
  const cells: [keyof DepartmentProgress, string, string?][] = [
    ['Planned', t('administration.count.planned', 'Gepland')],
    ['Given', t('administration.count.given', 'Gegeven'), 'green.8'],
    ['Open', t('administration.count.open', 'Open')],
    ['Late', t('administration.count.late', 'Te laat'), 'orange.9'],
    ['Deviations', t('administration.count.deviations', 'Afwijkingen'), 'red.8'],
    ['AwaitingDoubleCheck', t('administration.count.awaitingCheck', 'Wacht op controle'), 'orange.9'],
  ];
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="sm" className={stacked.table} data-testid="department-progress">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('administration.department', 'Afdeling')}</Table.Th>
            {cells.map(([key, label]) => (
              <Table.Th key={key} ta="right">
                {label}
              </Table.Th>
            ))}
            <Table.Th miw={160}>{t('administration.dashboard.progress', 'Voortgang')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const done = percentage(row.Planned - row.Open, row.Planned);
            return (
              <Table.Tr
                key={row.DepartmentId}
                data-testid="department-progress-row"
                data-department-id={row.DepartmentId}
              >
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={`/administrationlist?department=${row.DepartmentId}&date=${date}`}
                  >
                    {row.DepartmentName}
                  </Anchor>
                </Table.Td>
                {cells.map(([key, label, color]) => (
                  <Table.Td
                    key={key}
                    ta="right"
                    data-label={label}
                    data-testid={`cell-${key}`}
                    data-count={row[key]}
                  >
                    <Text span fw={600} c={Number(row[key]) > 0 ? color : undefined}>
                      {row[key]}
                    </Text>
                  </Table.Td>
                ))}
                <Table.Td data-full>
                  <Progress
                    value={done}
                    color="green.8"
                    size="lg"
                    aria-label={t('administration.dashboard.progressLabel', '{{done}}% afgehandeld', {
                      done,
                    })}
                  />
                  <Text size="xs" c="dark.6">
                    {t('administration.dashboard.progressLabel', '{{done}}% afgehandeld', { done })}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
