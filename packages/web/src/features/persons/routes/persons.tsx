import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PersonListRow } from '@zorgportaal/contract';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { hasPermission } from '../../../lib/session.ts';
import { useAccountLookups } from '../api/get-account-lookups.ts';
import { usePersons } from '../api/get-persons.ts';
import { AccountDrawer } from '../components/account-drawer.tsx';
import { PersonClientDialog } from '../components/person-client-dialog.tsx';
import { PersonConfirmDialog, type PendingConfirm } from '../components/person-confirm-dialog.tsx';
import { PersonDrawer } from '../components/person-drawer.tsx';
import type { RowAction } from '../components/person-row-actions.tsx';
import { PersonsFilters } from '../components/persons-filters.tsx';
import { PersonsTable } from '../components/persons-table.tsx';
import {
  DEFAULT_PERSON_LIST,
  isFiltered,
  readPersonListParams,
  toPersonQuery,
  toggleSort,
  updatePersonList,
  writePersonListParams,
  type PersonListState,
} from '../utils/person-list-params.ts';

type Editing =
  | { kind: 'person'; personId: number | null }
  | { kind: 'account'; row: PersonListRow }
  | { kind: 'client'; row: PersonListRow }
  | null;

const PAGE_SIZES = ['10', '25', '50', '100'];

/** /management/persons (Personen): the organisation's persons and their accounts. */
export default function PersonsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = readPersonListParams(params);
  const persons = usePersons(toPersonQuery(state));
  // The lookups fill the role and team filters; the list works without them.
  const lookups = useAccountLookups();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirm, setConfirm] = useState<PendingConfirm | null>(null);

  const apply = (next: PersonListState) => setParams(writePersonListParams(next), { replace: true });
  const change = (partial: Partial<PersonListState>) => apply(updatePersonList(state, partial));
  const onAction = (row: PersonListRow, action: RowAction) => {
    if (action === 'edit') setEditing({ kind: 'person', personId: row.Id });
    else if (action === 'account') setEditing({ kind: 'account', row });
    else if (action === 'client') setEditing({ kind: 'client', row });
    else setConfirm({ action, row });
  };
  const data = persons.data;
  const filtered = isFiltered(state);
  // A large list is counted only so far (TotalExact=false): one page more keeps "next" open.
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize) + (data.TotalExact ? 0 : 1)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageHeading title={t('routes.persons', 'Personen')} />
        {hasPermission('persons.write') && (
          <Button onClick={() => setEditing({ kind: 'person', personId: null })} data-testid="person-create">
            {t('persons.create', 'Nieuwe persoon')}
          </Button>
        )}
      </Group>
      <PersonsFilters
        state={state}
        lookups={lookups.data}
        onChange={change}
        onReset={() =>
          apply({ ...DEFAULT_PERSON_LIST, sort: state.sort, dir: state.dir, pageSize: state.pageSize })
        }
      />
      {persons.isPending ? (
        <TableSkeleton data-testid="persons-skeleton" />
      ) : persons.isError ? (
        <LoadError
          message={t('persons.loadError', 'De personen konden niet worden geladen.')}
          detail={apiErrorMessage(t, persons.error)}
          onRetry={() => void persons.refetch()}
          data-testid="persons-error"
        />
      ) : data!.Rows.length === 0 ? (
        <EmptyMessage
          title={t('persons.empty', 'Geen personen gevonden.')}
          description={
            filtered
              ? t('persons.emptySearchHint', 'Probeer een andere zoekterm of wis de filters.')
              : t('persons.emptyHint', 'Maak een nieuwe persoon aan.')
          }
          data-testid="persons-empty"
        />
      ) : (
        <Stack gap="sm" aria-busy={persons.isFetching}>
          <PersonsTable
            rows={data!.Rows}
            state={state}
            onSort={(field) => apply(toggleSort(state, field))}
            onAction={onAction}
          />
          <Group justify="space-between" gap="sm">
            <Text fz="sm" c="dimmed" aria-live="polite" data-testid="persons-total">
              {data!.TotalExact
                ? t('persons.total', '{{count}} personen', { count: data!.Total })
                : t('persons.totalAtLeast', 'Meer dan {{count}} personen', { count: data!.Total })}
            </Text>
            <Group gap="sm">
              <Select
                aria-label={t('persons.pageSize', 'Aantal per pagina')}
                data={PAGE_SIZES}
                value={String(state.pageSize)}
                onChange={(value) => change({ pageSize: Number(value ?? DEFAULT_PERSON_LIST.pageSize) })}
                allowDeselect={false}
                w={90}
                data-testid="persons-page-size"
              />
              <ListPagination
                total={pages}
                value={Math.min(state.page, pages)}
                onChange={(page) => change({ page })}
                data-testid="persons-pagination"
              />
            </Group>
          </Group>
        </Stack>
      )}
      <PersonDrawer
        opened={editing?.kind === 'person'}
        personId={editing?.kind === 'person' ? editing.personId : null}
        onClose={() => setEditing(null)}
        onCreated={(person) => {
          // Show the new person at once, so linking an account needs no search of its own.
          apply({
            ...DEFAULT_PERSON_LIST,
            sort: state.sort,
            dir: state.dir,
            pageSize: state.pageSize,
            q: person.NameInformation.LastName.LastName,
          });
        }}
      />
      <AccountDrawer
        opened={editing?.kind === 'account'}
        personId={editing?.kind === 'account' ? editing.row.Id : null}
        screenName={editing?.kind === 'account' ? editing.row.ScreenName : ''}
        onClose={() => setEditing(null)}
      />
      {editing?.kind === 'client' ? (
        <PersonClientDialog row={editing.row} onClose={() => setEditing(null)} />
      ) : null}
      <PersonConfirmDialog pending={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}
