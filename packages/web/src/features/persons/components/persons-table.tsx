import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { Badge, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PersonListRow, PersonSortField } from '@zorgportaal/contract';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import type { PersonListState } from '../utils/person-list-params.ts';
import { PersonRowActions, type RowAction } from './person-row-actions.tsx';
import { SortableHeader } from './sortable-header.tsx';
import stacked from '../../../components/stacked-table.module.css';

interface PersonsTableProps {
  rows: PersonListRow[];
  state: PersonListState;
  onSort: (field: PersonSortField) => void;
  onAction: (row: PersonListRow, action: RowAction) => void;
}

/** One page of persons: screen name, date of birth, username, roles, active flag, last login. */
export function PersonsTable({ rows, state, onSort, onAction }: PersonsTableProps) {
  const { t } = useTranslation();
  const sortable = (field: PersonSortField, label: string) => (
    <SortableHeader field={field} label={label} sort={state.sort} dir={state.dir} onSort={onSort} />
  );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        className={stacked.table}
        data-testid="persons-table"
      >
        <Table.Caption>{t('persons.table.caption', 'Personen van uw organisatie')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {sortable('name', t('persons.table.name', 'Naam'))}
            {sortable('dateOfBirth', t('persons.table.dateOfBirth', 'Geboortedatum'))}
            {sortable('username', t('persons.table.username', 'Gebruikersnaam'))}
            <Table.Th>{t('persons.table.roles', 'Rollen')}</Table.Th>
            <Table.Th>{t('persons.table.active', 'Actief')}</Table.Th>
            {sortable('lastLogin', t('persons.table.lastLogin', 'Laatste login'))}
            <Table.Th>
              <VisuallyHidden>{t('persons.table.actions', 'Acties')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.Id} data-testid="person-row" data-person-id={row.Id}>
              <Table.Td data-testid="person-name">
                <Text fz="sm" fw={500}>
                  {row.ScreenName}
                </Text>
                {row.CustomerName ? (
                  <Text fz="xs" c="dimmed">
                    {row.CustomerName}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td
                data-testid="person-date-of-birth"
                data-label={t('persons.table.dateOfBirth', 'Geboortedatum')}
              >
                {formatDate(row.DateOfBirth)}
              </Table.Td>
              <Table.Td
                data-testid="person-username"
                data-label={t('persons.table.username', 'Gebruikersnaam')}
              >
                {row.Username ?? (
                  <Text fz="sm" c="dimmed" span>
                    {t('persons.table.noAccount', 'Geen account')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td data-label={t('persons.table.roles', 'Rollen')}>
                {row.Roles.map((role) => role.Name).join(', ')}
              </Table.Td>
              <Table.Td data-testid="person-active" data-label={t('persons.table.active', 'Actief')}>
                <Group gap={4}>
                  <Badge color={row.Active ? 'green' : 'gray'} variant="light" miw="max-content">
                    {row.Active ? t('persons.table.yes', 'Actief') : t('persons.table.no', 'Inactief')}
                  </Badge>
                  {row.AccountId !== null && row.Active && !row.AccountActive ? (
                    <Badge
                      color="orange"
                      variant="light"
                      miw="max-content"
                      data-testid="person-account-inactive"
                    >
                      {t('persons.table.accountInactive', 'Account inactief')}
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td
                data-testid="person-last-login"
                data-label={t('persons.table.lastLogin', 'Laatste login')}
              >
                {formatDateTime(row.LastLogin)}
              </Table.Td>
              <Table.Td data-full>
                <PersonRowActions row={row} onAction={(action) => onAction(row, action)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
