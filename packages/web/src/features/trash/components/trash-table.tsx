import '@mantine/core/styles/Table.css';
import { Button, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TrashRow } from '@zorgportaal/contract';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import stacked from '../../../components/stacked-table.module.css';

interface TrashTableProps {
  rows: TrashRow[];
  restoringId: number | null;
  onRestore: (row: TrashRow) => void;
  onPurge: (row: TrashRow) => void;
}

/** Deleted persons: name, date of birth, username, deleted by, deleted at, restore / delete for good. */
export function TrashTable({ rows, restoringId, onRestore, onPurge }: TrashTableProps) {
  const { t } = useTranslation();
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
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('trash.name', 'Naam')}</Table.Th>
            <Table.Th>{t('trash.dateOfBirth', 'Geboortedatum')}</Table.Th>
            <Table.Th>{t('trash.username', 'Gebruikersnaam')}</Table.Th>
            <Table.Th>{t('trash.deletedBy', 'Verwijderd door')}</Table.Th>
            <Table.Th>{t('trash.deletedAt', 'Verwijderd op')}</Table.Th>
            <Table.Th>{t('trash.actions', 'Acties')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.PersonId} data-testid="trash-row" data-person-id={row.PersonId}>
              <Table.Td data-testid="trash-name">{row.ScreenName}</Table.Td>
              <Table.Td data-label={t('trash.dateOfBirth', 'Geboortedatum')}>
                {formatDate(row.DateOfBirth)}
              </Table.Td>
              <Table.Td data-label={t('trash.username', 'Gebruikersnaam')}>{row.Username ?? ''}</Table.Td>
              <Table.Td data-testid="trash-deleted-by" data-label={t('trash.deletedBy', 'Verwijderd door')}>
                {row.DeletedBy?.Username ?? ''}
              </Table.Td>
              <Table.Td data-testid="trash-deleted-at" data-label={t('trash.deletedAt', 'Verwijderd op')}>
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
