import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useState } from 'react';
import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PrintButton } from '../../../components/print-button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError } from '../../../lib/toast.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useExportResults } from '../api/export-results.ts';
import { useDepartments } from '../../../lib/administration/get-departments.ts';
import { useResults } from '../../../lib/administration/get-results.ts';
import { usePrintAudit } from '../../../lib/print-audit.ts';
import type { ResultsFilter } from '../../../lib/administration/results-filter.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { ResultsFilters } from '../components/results-filters.tsx';
import { formatPercentage, GroupTable, StatusTable } from '../components/results-tables.tsx';
import { StatCard } from '../../../components/administration/stat-card.tsx';
import { ScanShareTable } from '../components/scan-share-table.tsx';
import { addDays, todayInAmsterdam } from '../../../lib/dates.ts';
import { apiErrorMessage as errorMessage } from '../../../lib/api-errors.ts';

const lastWeek = (): ResultsFilter => {
  const to = todayInAmsterdam();
  return { from: addDays(to, -6), to, groupBy: 'status' };
};

/** /zp/medication/administrationsoverview (Resultaten Toedienregistratie): counts, percentages, CSV. */
export default function ResultsPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('routes.administrationsOverview', 'Resultaten Toedienregistratie');
  const [filter, setFilter] = useState<ResultsFilter>(lastWeek);
  const departments = useDepartments();
  const invalidPeriod = !!filter.from && !!filter.to && filter.from > filter.to;
  const results = useResults(filter, !invalidPeriod);
  const exporter = useExportResults();
  // The clients the printed page names: the one filtered on, or those it is grouped by.
  const grouped =
    results.data?.GroupBy === 'patient' ? results.data.Groups.map((group) => Number(group.Key)) : [];
  usePrintAudit(
    results.data
      ? {
          Screen: 'administration_results',
          DepartmentId: filter.departmentId,
          PatientIds: [...new Set([...(filter.patientId ? [filter.patientId] : []), ...grouped])].filter(
            (id) => Number.isInteger(id) && id > 0,
          ),
        }
      : null,
  );

  const body = () => {
    if (invalidPeriod)
      return (
        <Alert color="orange" variant="light" data-testid="results-invalid-period">
          {t('administration.results.invalidPeriod', 'De begindatum ligt na de einddatum.')}
        </Alert>
      );
    if (results.isPending)
      return (
        <Stack gap="sm" aria-busy="true" data-testid="results-skeleton">
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {[1, 2, 3, 4].map((key) => (
              <Skeleton key={key} height={80} />
            ))}
          </SimpleGrid>
          <Skeleton height={240} />
        </Stack>
      );
    if (results.isError)
      return (
        <LoadError
          message={t('administration.results.error', 'De resultaten konden niet worden geladen.')}
          error={results.error}
          onRetry={() => void results.refetch()}
          data-testid="results-error"
        />
      );
    const data = results.data;
    if (data.Total === 0)
      return (
        <Alert color="gray" variant="light" data-testid="results-empty">
          {t('administration.results.empty', 'Er zijn geen registraties die aan deze filters voldoen.')}
        </Alert>
      );
    const given = data.ByStatus.find((entry) => entry.Status === 'given');
    return (
      <Stack gap="lg" style={{ opacity: results.isPlaceholderData ? 0.6 : 1 }} data-testid="results-data">
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <StatCard
            label={t('administration.results.total', 'Totaal')}
            value={data.Total}
            testId="results-total"
          />
          <StatCard
            label={t('administration.count.given', 'Gegeven')}
            value={`${given?.Count ?? 0} (${formatPercentage(given?.Percentage ?? 0)})`}
            color="green.8"
            testId="results-given"
          />
          <StatCard
            label={t('administration.count.late', 'Te laat')}
            value={`${data.Late.Count} (${formatPercentage(data.Late.Percentage)})`}
            color="orange.9"
            testId="results-late"
          />
          <StatCard
            label={t(
              'administration.results.checksWaitingInPeriod',
              'Dubbele controles wachtend in deze periode',
            )}
            value={data.AwaitingDoubleCheck}
            testId="results-awaiting-check"
          />
        </SimpleGrid>
        <Stack component="section" gap="xs" aria-labelledby="results-by-status">
          <Title order={2} size="h4" id="results-by-status">
            {t('administration.results.byStatus', 'Per status')}
          </Title>
          <StatusTable results={data} />
        </Stack>
        {data.GroupBy !== 'status' ? (
          <Stack component="section" gap="xs" aria-labelledby="results-by-group">
            <Title order={2} size="h4" id="results-by-group">
              {t('administration.results.byGroup', 'Per {{grouping}}', {
                grouping: t(`resultGrouping.${data.GroupBy}`).toLowerCase(),
              })}
            </Title>
            <GroupTable results={data} />
          </Stack>
        ) : null}
        {data.Scanning ? (
          <Stack component="section" gap="xs" aria-labelledby="results-scanning">
            <Title order={2} size="h4" id="results-scanning">
              {t('scan.results.title', 'Scancontrole')}
            </Title>
            <ScanShareTable scanning={data.Scanning} />
          </Stack>
        ) : null}
      </Stack>
    );
  };

  return (
    <Stack gap="md" maw={1200} data-testid="administration-results">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <PageHeading title={title} />
          {results.data ? (
            <Text c="dark.6">
              {formatDate(results.data.From)} – {formatDate(results.data.To)}
            </Text>
          ) : null}
        </Stack>
        <Group gap="sm" data-no-print>
          <Button
            size="md"
            variant="default"
            loading={exporter.isPending}
            disabled={invalidPeriod}
            onClick={() =>
              void withFeedback(exporter.mutateAsync(filter), {
                onError: (error) => toastError(errorMessage(t, error)),
              })
            }
            data-testid="export-csv"
          >
            {t('administration.results.export', 'Exporteren (CSV)')}
          </Button>
          <PrintButton size="md" />
        </Group>
      </Group>
      <ResultsFilters filter={filter} departments={departments.data?.Rows ?? []} onChange={setFilter} />
      {body()}
    </Stack>
  );
}
