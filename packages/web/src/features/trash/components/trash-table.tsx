import '@mantine/core/styles/Table.css';
import { Button, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TrashRow } from '@zorgportaal/contract';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import stacked from '../../../components/stacked-table.module.css';
import { TableHead } from '../../../components/table-head.tsx';

interface TrashTableProps {
  rows: TrashRow[];
  restoringId: number | null;
  onRestore: (row: TrashRow) => void;
  onPurge: (row: TrashRow) => void;
}

/** Deleted persons: name, date of birth, username, deleted by, deleted at, restore / delete for good. */
export function TrashTable({ rows, restoringId, onRestore, onPurge }: TrashTableProps) {
  const { t } = useTranslation();
  const columns = {
    name: t('trash.name', 'Naam'),
    dateOfBirth: t('trash.dateOfBirth', 'Geboortedatum'),
    username: t('trash.username', 'Gebruikersnaam'),
    deletedBy: t('trash.deletedBy', 'Verwijderd door'),
    deletedAt: t('trash.deletedAt', 'Verwijderd op'),
    actions: t('trash.actions', 'Acties'),
  };
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        className={stacked.table}
        data-testid="trash-table"
      >
        <Table.Caption>{t('trash.caption', 'Verwijderde personen')}</Table.Caption>
        <TableHead columns={columns} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.PersonId} data-testid="trash-row" data-person-id={row.PersonId}>
              <Table.Td data-testid="trash-name">{row.ScreenName}</Table.Td>
              <Table.Td data-label={columns.dateOfBirth}>{formatDate(row.DateOfBirth)}</Table.Td>
              <Table.Td data-label={columns.username}>{row.Username ?? ''}</Table.Td>
              <Table.Td data-testid="trash-deleted-by" data-label={columns.deletedBy}>
                {row.DeletedBy?.Username ?? ''}
              </Table.Td>
              <Table.Td data-testid="trash-deleted-at" data-label={columns.deletedAt}>
                {formatDateTime(row.DeletedAt)}
              </Table.Td>
              <Table.Td data-full>
                <Group gap="xs" wrap="wrap">
                  <Button
                    size="compact-sm"
                    variant="default"
                    loading={restoringId === row.PersonId}
                    onClick={() => onRestore(row)}
                    aria-label={t('trash.restoreFor', '{{name}} terugzetten', { name: row.ScreenName })}
                    data-testid="trash-restore"
                  >
                    {t('trash.restore', 'Terugzetten')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    onClick={() => onPurge(row)}
                    aria-label={t('trash.purgeFor', '{{name}} definitief verwijderen', {
                      name: row.ScreenName,
                    })}
                    data-testid="trash-purge"
                  >
                    {t('trash.purge', 'Definitief verwijderen')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
