import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LogRow } from '@zorgportaal/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { useLogLabels } from '../hooks/use-log-labels.ts';
import { LogObject } from './log-object.tsx';
import stacked from '../../../components/stacked-table.module.css';
import { TableHead } from '../../../components/table-head.tsx';

const OUTCOME_COLORS: Record<string, string> = {
  success: 'green',
  failure: 'red',
  denied: 'orange',
  refused: 'orange',
};

/**
 * The actor: the person's screen name with the username, or the username alone. Another organisation's
 * access to a client of ours names no one (that organisation's Logboek does): its role, under its name.
 */
const userName = (row: LogRow): string =>
  row.UserScreenName && row.Username
    ? `${row.UserScreenName} (${row.Username})`
    : (row.UserScreenName ?? row.Username ?? row.Role ?? '');

/** Log entries: moment, user, action, object, outcome. User and person link to their own view. */
export function LogTable({
  rows,
  linkTo,
}: {
  rows: LogRow[];
  linkTo: (filter: 'userId' | 'personId', id: string) => string;
}) {
  const { t } = useTranslation();
  const columns = {
    eventAt: t('log.table.eventAt', 'Tijdstip'),
    user: t('log.table.user', 'Gebruiker'),
    action: t('log.table.action', 'Actie'),
    object: t('log.table.object', 'Object'),
    outcome: t('log.table.outcome', 'Uitkomst'),
  };
  const labels = useLogLabels();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" className={stacked.table} data-testid="log-table">
        <Table.Caption>{t('log.caption', 'Logboek, nieuwste eerst')}</Table.Caption>
        <TableHead columns={columns} />
        <Table.Tbody>
          {rows.map((row) => {
            const change = labels.change(row.Detail?.change);
            return (
              <Table.Tr
                key={row.EventId}
                data-testid="log-row"
                data-action={row.Action}
                data-object-type={row.ObjectType}
              >
                <Table.Td data-testid="log-event-at">{formatDateTime(row.EventAt)}</Table.Td>
                <Table.Td data-testid="log-user">
                  {row.UserId !== null ? (
                    <Anchor
                      component={Link}
                      to={linkTo('userId', String(row.UserId))}
                      fz="sm"
                      title={t('log.viewUser', 'Alles van deze gebruiker')}
                    >
                      {userName(row)}
                    </Anchor>
                  ) : (
                    userName(row)
                  )}
                  {row.EntityName ? (
                    <Text fz="xs" c="dimmed" data-testid="log-entity">
                      {row.EntityName}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td data-testid="log-action">{labels.action(row.Action)}</Table.Td>
                <Table.Td data-testid="log-object">
                  <LogObject row={row} linkTo={linkTo} />
                  {change ? (
                    <Text span fz="xs" c="dimmed">
                      {' '}
                      ({change})
                    </Text>
                  ) : null}
                  {row.ChangedFields?.length ? (
                    <Text fz="xs" c="dimmed" data-testid="log-changed-fields">
                      {t('log.changedFields', 'gewijzigd: {{fields}}', {
                        fields: row.ChangedFields.map(labels.field).join(', '),
                      })}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={OUTCOME_COLORS[row.Outcome] ?? 'gray'}
                    variant="light"
                    data-testid="log-outcome"
                  >
                    {labels.outcome(row.Outcome)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
