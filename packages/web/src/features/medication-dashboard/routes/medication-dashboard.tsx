import '@mantine/core/styles/Skeleton.css';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useMedicationDashboard, useMedicationDashboardList } from '../api/medication-dashboard.ts';
import { FigureTiles } from '../components/figure-tiles.tsx';
import { ListTable } from '../components/list-table.tsx';
import { useListLabel } from '../hooks/use-list-label.ts';
import { parseList } from '../utils/lists.ts';

/**
 * /zp/medication/dashboard (Dashboard): this week's agreement changes and what waits (signatures, Baxter
 * rolls that no longer match, consent), with allergies. Each tile opens its list below (?list=…); the
 * server counts a tile with the list's own query, so the figure is the number of rows shown.
 */
export default function MedicationDashboardPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('routes.medicationDashboard', 'Dashboard');
  const label = useListLabel();
  const open = parseList(useSearchParams()[0].get('list'));
  const dashboard = useMedicationDashboard();
  const list = useMedicationDashboardList(open);

  const listBody = () => {
    if (!open)
      return (
        <Text c="dark.6" data-testid="medication-dashboard-choose">
          {t('medicationDashboard.choose', 'Kies een tegel om de lijst te zien.')}
        </Text>
      );
    if (list.isPending) return <TableSkeleton data-testid="medication-dashboard-list-skeleton" />;
    if (list.isError)
      return (
        <LoadError
          message={t('medicationDashboard.listError', 'De lijst kon niet worden geladen.')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      );
    const { Rows, Total } = list.data;
    return (
      <Stack gap="xs" data-testid="medication-dashboard-list" data-list={open}>
        <Title order={2} size="h4">
          {label(open)} ({Total})
        </Title>
        {Rows.length === 0 ? (
          <Text c="dark.6" data-testid="medication-dashboard-empty">
            {t('medicationDashboard.empty', 'Niets in deze lijst.')}
          </Text>
        ) : (
          <ListTable list={open} rows={Rows} />
        )}
        {Rows.length < Total ? (
          <Alert color="gray" variant="light">
            {t('medicationDashboard.truncated', 'De eerste {{shown}} van {{total}} worden getoond.', {
              shown: Rows.length,
              total: Total,
            })}
          </Alert>
        ) : null}
      </Stack>
    );
  };

  return (
    <Stack gap="md" maw={1200} data-testid="medication-dashboard">
      <Stack gap={2}>
        <PageHeading title={title} />
        {dashboard.data ? (
          <Text c="dark.6" data-testid="medication-dashboard-week">
            {t('medicationDashboard.week', 'Deze week: {{from}} t/m {{to}}', {
              from: formatDate(dashboard.data.WeekStart),
              to: formatDate(dashboard.data.WeekEnd),
            })}
          </Text>
        ) : null}
      </Stack>
      {dashboard.isPending ? (
        <Skeleton height={110} aria-busy="true" />
      ) : dashboard.isError ? (
        <LoadError
          message={t('medicationDashboard.loadError', 'Het dashboard kon niet worden geladen.')}
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <FigureTiles figures={dashboard.data.Figures} open={open} />
      )}
      {listBody()}
    </Stack>
  );
}
