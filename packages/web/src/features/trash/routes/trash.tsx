import { useState } from 'react';
import { Group, Stack, Text, TextInput } from '@mantine/core';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, type TrashRow } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useRestorePerson } from '../api/restore-person.ts';
import { useTrash } from '../api/get-trash.ts';
import { PurgeDialog } from '../components/purge-dialog.tsx';
import { TrashTable } from '../components/trash-table.tsx';

/** /trashcan (Prullenbak): deleted persons; restore them or delete them for good. */
export default function TrashPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const trash = useTrash({ q: q || undefined, page, pageSize: DEFAULT_PAGE_SIZE });
  const restore = useRestorePerson();
  const [purging, setPurging] = useState<TrashRow | null>(null);
  const data = trash.data;
  const pages = data ? Math.max(1, Math.ceil(data.Total / data.PageSize) + (data.TotalExact ? 0 : 1)) : 1;

  const onRestore = (row: TrashRow) =>
    void withFeedback(restore.mutateAsync(row.PersonId), {
      onSuccess: () =>
        toastSuccess(
          t(
            'trash.restoreDone',
            '{{name}} is teruggezet; het account blijft inactief tot het weer wordt geactiveerd.',
            {
              name: row.ScreenName,
            },
          ),
        ),
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });

  return (
    <Stack gap="md">
      <PageHeading title={t('routes.trashcan', 'Prullenbak')} />
      <TextInput
        label={t('trash.search', 'Zoeken')}
        type="search"
        maw={360}
        value={search}
        maxLength={100}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        data-testid="trash-search"
      />
      {trash.isPending ? (
        <TableSkeleton data-testid="trash-skeleton" />
      ) : trash.isError ? (
        <LoadError
          message={t('trash.loadError', 'De prullenbak kon niet worden geladen.')}
          detail={apiErrorMessage(t, trash.error)}
          onRetry={() => void trash.refetch()}
          data-testid="trash-error"
        />
      ) : data!.Rows.length === 0 ? (
        <EmptyMessage
          title={
            q
              ? t('trash.emptySearch', 'Geen verwijderde personen gevonden.')
              : t('trash.empty', 'De prullenbak is leeg.')
          }
          data-testid="trash-empty"
        />
      ) : (
        <Stack gap="sm" aria-busy={trash.isFetching}>
          <TrashTable
            rows={data!.Rows}
            restoringId={restore.isPending ? (restore.variables ?? null) : null}
            onRestore={onRestore}
            onPurge={setPurging}
          />
          <Group justify="space-between">
            <Text fz="sm" c="dimmed" data-testid="trash-total">
              {data!.TotalExact
                ? t('trash.total', '{{count}} verwijderde personen', { count: data!.Total })
                : t('trash.totalAtLeast', 'Meer dan {{count}} verwijderde personen', { count: data!.Total })}
            </Text>
            <ListPagination total={pages} value={Math.min(page, pages)} onChange={setPage} />
          </Group>
        </Stack>
      )}
      <PurgeDialog row={purging} onClose={() => setPurging(null)} />
    </Stack>
  );
}
