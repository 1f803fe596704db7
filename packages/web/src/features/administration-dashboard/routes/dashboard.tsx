import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Paper.css';
import { Alert, List, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { DepartmentProgressTable } from '../components/department-progress-table.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SavedDiagrams } from '../../../components/administration/saved-diagrams.tsx';
import { StatCard } from '../../../components/administration/stat-card.tsx';

/**
 * /zp/administrationregistration/dashboard (Dashboard): today's progress per department, double checks
 * waiting and patients without consent, and the organisation's saved diagrams.
 */
export default function AdministrationDashboardPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('routes.administrationDashboard', 'Dashboard');
  const dashboard = useDashboard();

  const body = () => {
    if (dashboard.isPending)
      return (
        <Stack gap="sm" aria-busy="true" data-testid="dashboard-skeleton">
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {[1, 2, 3, 4].map((key) => (
              <Skeleton key={key} height={80} />
            ))}
          </SimpleGrid>
          <Skeleton height={200} />
        </Stack>
      );
    if (dashboard.isError)
      return (
        <LoadError
          message={t('administration.dashboard.error', 'Het dashboard kon niet worden geladen.')}
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
          data-testid="dashboard-error"
        />
      );
    const data = dashboard.data;
    if (data.Departments.length === 0)
      return (
        <Alert color="gray" variant="light" data-testid="dashboard-empty">
          {t('administration.noDepartments', 'U heeft geen afdelingen om toedienlijsten van te bekijken.')}
        </Alert>
      );
    const total = (key: 'Planned' | 'Given' | 'Open' | 'Late' | 'Deviations') =>
      data.Departments.reduce((sum, row) => sum + row[key], 0);
    return (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} data-testid="dashboard-totals">
          <StatCard
            label={t('administration.count.planned', 'Gepland')}
            value={total('Planned')}
            testId="total-planned"
          />
          <StatCard
            label={t('administration.count.given', 'Gegeven')}
            value={total('Given')}
            color="green.8"
            testId="total-given"
          />
          <StatCard
            label={t('administration.count.open', 'Open')}
            value={total('Open')}
            testId="total-open"
          />
          <StatCard
            label={t('administration.count.late', 'Te laat')}
            value={total('Late')}
            color="orange.9"
            testId="total-late"
          />
          <StatCard
            label={t('administration.count.deviations', 'Afwijkingen')}
            value={total('Deviations')}
            color="red.8"
            testId="total-deviations"
          />
          <StatCard
            label={t('administration.dashboard.checksWaiting', 'Dubbele controles wachtend')}
            value={data.AwaitingDoubleCheck}
            color="orange.9"
            testId="total-awaiting-check"
          />
        </SimpleGrid>
        <Stack component="section" gap="xs" aria-labelledby="dashboard-departments">
          <Title order={2} size="h4" id="dashboard-departments">
            {t('administration.dashboard.perDepartment', 'Voortgang per afdeling')}
          </Title>
          <DepartmentProgressTable rows={data.Departments} date={data.Date} />
        </Stack>
        <Paper
          component="section"
          withBorder
          p="md"
          radius="md"
          aria-labelledby="dashboard-consent"
          data-testid="patients-without-consent"
        >
          <Title order={2} size="h4" id="dashboard-consent" mb="xs">
            {t('administration.dashboard.withoutConsent', 'Cliënten zonder toestemming (eTDR)')} (
            {data.PatientsWithoutConsent.length})
          </Title>
          {data.PatientsWithoutConsent.length === 0 ? (
            <Text c="dark.6">
              {t('administration.dashboard.allConsent', 'Voor alle cliënten is toestemming vastgelegd.')}
            </Text>
          ) : (
            <List spacing={4}>
              {data.PatientsWithoutConsent.map((patient) => (
                <List.Item key={patient.PatientId}>
                  {patient.ScreenName} · {patient.DepartmentName}
                </List.Item>
              ))}
            </List>
          )}
        </Paper>
        <SavedDiagrams showAdd />
      </Stack>
    );
  };

  return (
    <Stack gap="md" maw={1200} data-testid="administration-dashboard">
      <Stack gap={2}>
        <PageHeading title={title} />
        {dashboard.data ? (
          <Text c="dark.6">
            {t('administration.dashboard.caption', 'Toediening op {{date}}', {
              date: formatDate(dashboard.data.Date),
            })}
          </Text>
        ) : null}
      </Stack>
      {body()}
    </Stack>
  );
}
