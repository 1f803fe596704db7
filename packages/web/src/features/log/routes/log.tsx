import { Button, Group, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError } from '../../../lib/toast.ts';
import { useExportLog } from '../api/export-log.ts';
import { useLog } from '../api/get-log.ts';
import { LogFilters } from '../components/log-filters.tsx';
import { LogTable } from '../components/log-table.tsx';
import { downloadBlob } from '../../../lib/download.ts';
import { todayInAmsterdam } from '../../../lib/dates.ts';
import {
  EMPTY_LOG_FILTERS,
  periodIsValid,
  readLogFilters,
  toLogQuery,
  writeLogFilters,
  type LogFilterState,
} from '../utils/log-filters.ts';

/** /management/log (Logboek, NEN 7513): who did what with which data, filtered, paged by keyset, exportable. */
export default function LogPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readLogFilters(params);
  const valid = periodIsValid(filters);
  const query = toLogQuery(filters);
  const log = useLog(query, valid);
  const exporter = useExportLog();
  const filtered = Object.keys(query).length > 0;

  const change = (partial: Partial<LogFilterState>) =>
    setParams(writeLogFilters({ ...filters, ...partial }), { replace: true });
  // A link from a row is a new view (per user / per person): it goes into the history, so Back returns.
  const linkTo = (key: 'userId' | 'personId', id: string) =>
    `?${writeLogFilters({ ...EMPTY_LOG_FILTERS, [key]: id }).toString()}`;
  const exportCsv = () =>
    void withFeedback(exporter.mutateAsync(query), {
      onSuccess: (blob) => downloadBlob(blob, `logboek-${todayInAmsterdam()}.csv`),
      onError: (error) => toastError(apiErrorMessage(t, error)),
    });
  const rows = log.data?.pages.flatMap((page) => page.Rows) ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PageHeading title={t('routes.log', 'Logboek')} />
        <Group gap="sm">
          {filtered && (
            <Button
              variant="subtle"
              onClick={() => setParams(new URLSearchParams())}
              data-testid="log-filters-reset"
            >
              {t('log.filters.reset', 'Filters wissen')}
            </Button>
          )}
          <Button
            variant="default"
            onClick={exportCsv}
            loading={exporter.isPending}
            disabled={!valid}
            data-testid="log-export"
          >
            {t('log.export', 'Exporteren (CSV)')}
          </Button>
        </Group>
      </Group>
      <LogFilters state={filters} onChange={change} />
      {!valid ? null : log.isPending ? (
        <TableSkeleton data-testid="log-skeleton" />
      ) : log.isError ? (
        <LoadError
          message={t('log.loadError', 'Het logboek kon niet worden geladen.')}
          detail={apiErrorMessage(t, log.error)}
          onRetry={() => void log.refetch()}
          data-testid="log-error"
        />
      ) : rows.length === 0 ? (
        <EmptyMessage
          title={t('log.empty', 'Geen logboekregels gevonden.')}
          description={filtered ? t('log.emptyHint', 'Pas de filters aan.') : undefined}
          data-testid="log-empty"
        />
      ) : (
        <Stack gap="sm">
          <LogTable rows={rows} linkTo={linkTo} />
          {log.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => void log.fetchNextPage()}
                loading={log.isFetchingNextPage}
                data-testid="log-load-more"
              >
                {t('log.loadMore', 'Meer laden')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}
