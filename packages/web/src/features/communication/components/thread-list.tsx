import '@mantine/core/styles/Table.css';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import type { ThreadSummary } from '@zorgportaal/contract';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from '../../../components/stacked-table.module.css';
import { formatDateTime } from '../../../lib/format.ts';
import { PriorityBadge } from './priority-badge.tsx';

interface ThreadListProps {
  threads: readonly ThreadSummary[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/**
 * Whether a click on a row's cells should open its thread: not when it came from the subject button
 * (that opens it already, also from the keyboard), and not when the user dragged across the row to
 * select text to copy.
 */
function rowClickOpens(event: MouseEvent<HTMLTableRowElement>): boolean {
  if (event.target instanceof Element && event.target.closest('button')) return false;
  return (window.getSelection()?.toString() ?? '') === '';
}

/**
 * The inbox: newest activity first; unread threads in bold with the word "Nieuw". A click anywhere on
 * a row opens the thread; the subject button stays the one keyboard target (a row is no control, and
 * nothing interactive is nested in another).
 */
export function ThreadList({ threads, selectedId, onSelect }: ThreadListProps) {
  const { t } = useTranslation();
  const column = {
    subject: t('communication.columns.subject', 'Onderwerp'),
    with: t('communication.columns.with', 'Van / aan'),
    patient: t('communication.columns.patient', 'Cliënt'),
    last: t('communication.columns.last', 'Laatste bericht'),
  };
  return (
    <Table className={classes.table} highlightOnHover data-testid="thread-list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{column.subject}</Table.Th>
          <Table.Th>{column.with}</Table.Th>
          <Table.Th>{column.patient}</Table.Th>
          <Table.Th>{column.last}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {threads.map((thread) => (
          <Table.Tr
            key={thread.Id}
            aria-current={thread.Id === selectedId ? 'true' : undefined}
            bg={thread.Id === selectedId ? 'blue.0' : undefined}
            data-testid="thread-row"
            data-unread={thread.Unread ? 'true' : 'false'}
            onClick={(event) => {
              if (rowClickOpens(event)) onSelect(thread.Id);
            }}
            style={{ cursor: 'pointer' }}
          >
            <Table.Td data-label={column.subject}>
              <Group gap={6} wrap="nowrap">
                <Anchor
                  component="button"
                  type="button"
                  onClick={() => onSelect(thread.Id)}
                  fw={thread.Unread ? 700 : 400}
                  c="blue.9"
                  ta="left"
                  data-testid="thread-open"
                >
                  {thread.Subject}
                </Anchor>
                {thread.Unread ? (
                  // Badges keep their word whole; a long subject wraps instead.
                  <Badge color="blue.9" size="sm" variant="filled" flex="none">
                    {t('communication.new', 'Nieuw')}
                  </Badge>
                ) : null}
                <PriorityBadge priority={thread.Priority} />
              </Group>
            </Table.Td>
            <Table.Td data-label={column.with}>
              <Text size="sm">
                {thread.FromEntityName} → {thread.ToEntityName} ({thread.ToGroupName})
              </Text>
            </Table.Td>
            <Table.Td data-label={column.patient}>{thread.PatientName ?? '–'}</Table.Td>
            <Table.Td data-label={column.last}>
              {formatDateTime(thread.LastMessageAt)} ({thread.MessageCount})
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
