import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/VisuallyHidden.css';
import {
  Alert,
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { findProtectedRoute, type TrombosisPatient } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import stacked from '../../../components/stacked-table.module.css';
import { CoumarinMismatchAlert } from '../../../components/coumarin-mismatch-alert.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { formatDate, formatDateTime, formatDecimal } from '../../../lib/format.ts';
import { hasPermission, mayOpen } from '../../../lib/session.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useTrombosisDashboard } from '../api/trombosis.ts';
import { InterpretationBadge } from '../components/interpretation-badge.tsx';

/**
 * Where the caller may go from here: the service enters values and adapts schemes; a GP reads them; care
 * staff and their pharmacy see this dashboard only (no link to a screen they may not open).
 */
function useDashboardLinks() {
  const may = (path: string) => mayOpen(findProtectedRoute(path)!);
  return {
    inrValues: may('/inrvalues'),
    scheme: may('/dosagescheme'),
    writes: hasPermission('trombosis.write'),
  };
}

function CheckTable({ rows, testId }: { rows: readonly TrombosisPatient[]; testId: string }) {
  const { t } = useTranslation();
  const links = useDashboardLinks();
  const columns = {
    organisation: t('trombosis.column.organisation', 'Zorginstelling'),
    nextCheck: t('trombosis.column.nextCheck', 'Volgende controle'),
    lastInr: t('trombosis.column.lastInr', 'Laatste INR'),
    actions: t('trombosis.column.actions', 'Acties'),
  };
  return (
    <Table verticalSpacing="xs" striped className={stacked.table} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('trombosis.patient', 'Cliënt')}</Table.Th>
          <Table.Th>{columns.organisation}</Table.Th>
          <Table.Th>{columns.nextCheck}</Table.Th>
          <Table.Th>{columns.lastInr}</Table.Th>
          {links.inrValues || links.scheme ? <Table.Th>{columns.actions}</Table.Th> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((p) => (
          <Table.Tr key={p.Id} data-testid="check-row">
            <Table.Td>
              <Text fw={600}>{p.ScreenName}</Text>
            </Table.Td>
            <Table.Td data-label={columns.organisation}>
              {p.EntityName} · {p.DepartmentName}
            </Table.Td>
            <Table.Td data-label={columns.nextCheck}>{p.NextCheck ? formatDate(p.NextCheck) : '–'}</Table.Td>
            <Table.Td data-label={columns.lastInr}>
              {p.LastInr ? (
                <Group gap="xs">
                  <Text fw={700}>{formatDecimal(p.LastInr.Value)}</Text>
                  <InterpretationBadge value={p.LastInr.Interpretation} />
                </Group>
              ) : (
                '–'
              )}
            </Table.Td>
            {links.inrValues || links.scheme ? (
              <Table.Td data-label={columns.actions} data-full>
                <Group gap="md">
                  {links.inrValues ? (
                    <Anchor component={Link} to={`/inrvalues?patient=${p.Id}`}>
                      {links.writes
                        ? t('trombosis.enterInr', 'INR invoeren')
                        : t('trombosis.toInrValues', 'INR-waarden')}
                      <VisuallyHidden component="span"> – {p.ScreenName}</VisuallyHidden>
                    </Anchor>
                  ) : null}
                  {links.scheme ? (
                    <Anchor component={Link} to={`/dosagescheme?patient=${p.Id}`}>
                      {t('trombosis.toScheme', 'Doseerschema')}
                      <VisuallyHidden component="span"> – {p.ScreenName}</VisuallyHidden>
                    </Anchor>
                  ) : null}
                </Group>
              </Table.Td>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /zp/trombosisservice/dashboard: critical values, checks due today and overdue, time in range. */
export default function TrombosisDashboardPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('routes.trombosisDashboard', 'Dashboard');
  const dashboard = useTrombosisDashboard();
  const links = useDashboardLinks();

  const body = () => {
    if (dashboard.isPending)
      return (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={90} />
          <Skeleton height={200} />
        </Stack>
      );
    if (dashboard.isError)
      return (
        <LoadError
          message={t('trombosis.dashboardError', 'Het dashboard kon niet worden geladen.')}
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
        />
      );
    const d = dashboard.data;
    return (
      <Stack gap="lg">
        <Stack component="section" gap="xs" aria-labelledby="critical-title">
          <Title order={2} size="h4" id="critical-title">
            {t('trombosis.criticalTitle', 'Kritieke INR-waarden (laatste 7 dagen)')} ({d.Critical.length})
          </Title>
          {d.Critical.length === 0 ? (
            <Text c="dark.6">
              {t('trombosis.noCritical', 'Geen kritieke waarden in de laatste 7 dagen.')}
            </Text>
          ) : (
            d.Critical.map((c) => (
              <Alert
                key={`${c.PatientId}-${c.MeasuredAt}`}
                color="red"
                variant="light"
                role="alert"
                title={t('trombosis.criticalAlert', 'Kritieke INR {{value}} – {{name}}', {
                  value: formatDecimal(c.Value),
                  name: c.ScreenName,
                })}
                data-testid="critical-alert"
              >
                <Group gap="md" wrap="wrap">
                  <Text size="sm">
                    {c.EntityName} ·{' '}
                    {t('trombosis.measuredOn', 'gemeten {{at}}', { at: formatDateTime(c.MeasuredAt) })}
                  </Text>
                  {links.scheme ? (
                    <Anchor
                      component={Link}
                      to={`/dosagescheme?patient=${c.PatientId}`}
                      size="sm"
                      c="dark.9"
                      fw={600}
                      underline="always"
                    >
                      {links.writes
                        ? t('trombosis.adjustScheme', 'Schema aanpassen')
                        : t('trombosis.toScheme', 'Doseerschema')}
                      <VisuallyHidden component="span"> – {c.ScreenName}</VisuallyHidden>
                    </Anchor>
                  ) : null}
                </Group>
              </Alert>
            ))
          )}
        </Stack>
        {d.Mismatches.length > 0 ? (
          <Stack component="section" gap="xs" aria-labelledby="mismatch-title" data-testid="mismatch-list">
            <Title order={2} size="h4" id="mismatch-title">
              {t('coumarinMismatch.dashboardTitle', 'Doseerschema en medicatie komen niet overeen')} (
              {d.Mismatches.length})
            </Title>
            {d.Mismatches.map((m) => (
              <CoumarinMismatchAlert
                key={m.PatientId}
                mismatch={m}
                name={`${m.ScreenName} (${m.EntityName})`}
              >
                {links.scheme ? (
                  <Anchor
                    component={Link}
                    to={`/dosagescheme?patient=${m.PatientId}`}
                    size="sm"
                    c="dark.9"
                    fw={600}
                    underline="always"
                  >
                    {t('coumarinMismatch.toScheme', 'Naar het doseerschema')}
                    <VisuallyHidden component="span"> – {m.ScreenName}</VisuallyHidden>
                  </Anchor>
                ) : null}
              </CoumarinMismatchAlert>
            ))}
          </Stack>
        ) : null}
        {/* Side by side only where both tables fit (a wide screen beside the menu): a container query on the
            main area, since at a desk's 1280 px the two five-column tables would overlap. */}
        <SimpleGrid type="container" cols={{ base: 1, '1400px': 2 }} spacing="lg">
          <Stack component="section" gap="xs" aria-labelledby="due-title">
            <Title order={2} size="h4" id="due-title">
              {t('trombosis.dueToday', 'Controle vandaag')} ({d.DueToday.length})
            </Title>
            {d.DueToday.length === 0 ? (
              <Text c="dark.6">{t('trombosis.noneDue', 'Vandaag staan geen controles gepland.')}</Text>
            ) : (
              <CheckTable rows={d.DueToday} testId="due-table" />
            )}
          </Stack>
          <Stack component="section" gap="xs" aria-labelledby="overdue-title">
            <Title order={2} size="h4" id="overdue-title">
              {t('trombosis.overdue', 'Controle verlopen')} ({d.Overdue.length})
            </Title>
            {d.Overdue.length === 0 ? (
              <Text c="dark.6">{t('trombosis.noneOverdue', 'Geen verlopen controles.')}</Text>
            ) : (
              <CheckTable rows={d.Overdue} testId="overdue-table" />
            )}
          </Stack>
        </SimpleGrid>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ttr-title">
          <Stack gap="xs">
            <Title order={2} size="h4" id="ttr-title">
              {t('trombosis.ttrTitle', 'Tijd in therapeutisch gebied sinds {{from}}', {
                from: formatDate(d.Ttr.From),
              })}
            </Title>
            <Text fw={700} data-testid="ttr-overall">
              {d.Ttr.Overall === null
                ? t('trombosis.ttrNone', 'Nog te weinig waarden.')
                : t('trombosis.ttrOverall', 'Alle cliënten samen: {{ttr}}%', {
                    ttr: formatDecimal(d.Ttr.Overall),
                  })}
            </Text>
            <Text size="sm" c="dark.6">
              {t(
                'trombosis.ttrMethod',
                'Berekend volgens Rosendaal (lineaire interpolatie tussen metingen).',
              )}
            </Text>
            {d.Ttr.Rows.length > 0 ? (
              <Table verticalSpacing={4} className={stacked.table} data-testid="ttr-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('trombosis.patient', 'Cliënt')}</Table.Th>
                    <Table.Th>{t('trombosis.column.ttr', 'TTR')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.Ttr.Rows.map((r) => (
                    <Table.Tr key={r.PatientId}>
                      <Table.Td>
                        {links.inrValues ? (
                          <Anchor component={Link} to={`/inrvalues?patient=${r.PatientId}`}>
                            {r.ScreenName}
                          </Anchor>
                        ) : (
                          r.ScreenName
                        )}
                      </Table.Td>
                      <Table.Td data-label={t('trombosis.column.ttr', 'TTR')}>
                        {formatDecimal(r.Ttr)}%
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
          </Stack>
        </Paper>
      </Stack>
    );
  };

  return (
    <Stack gap="md" maw={1200} data-testid="trombosis-dashboard">
      <PageHeading title={title} />
      {body()}
    </Stack>
  );
}
