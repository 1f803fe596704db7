import '@mantine/core/styles/Skeleton.css';
import { Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PrintButton } from '../../../components/print-button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useAdministrationList } from '../api/get-administration-list.ts';
import { useDepartments } from '../api/get-departments.ts';
import { AsNeededCard } from '../components/as-needed-card.tsx';
import { ConsentWarning } from '../components/consent-warning.tsx';
import { DepartmentDayPicker } from '../components/department-day-picker.tsx';
import { ListSummary } from '../components/list-summary.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { DepartmentGate } from '../components/department-gate.tsx';
import { MomentCard } from '../components/moment-card.tsx';
import { useDepartmentDay } from '../hooks/use-department-day.ts';
import { useNow } from '../hooks/use-now.ts';
import { groupMoments, momentState, summarise } from '../utils/moments.ts';

const ListSkeleton = () => (
  <Stack gap="sm" aria-busy="true" data-testid="administration-list-skeleton">
    <Skeleton height={28} width={120} />
    <Skeleton height={110} />
    <Skeleton height={110} />
    <Skeleton height={110} />
  </Stack>
);

/** /administrationlist (Toedienlijsten): the day's moments of one department, registered on a tablet. */
export default function AdministrationListPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('routes.administrationList', 'Toedienlijsten');
  const departments = useDepartments();
  const { departmentId, date, setDepartmentId, setDate } = useDepartmentDay(departments.data?.Rows);
  const list = useAdministrationList(departmentId === null ? null : { departmentId, date });
  const now = useNow();

  const body = () => {
    if (departments.isPending || (departmentId !== null && list.isPending)) return <ListSkeleton />;
    if (list.isError)
      return (
        <LoadError
          message={t('administration.listError', 'De toedienlijst kon niet worden geladen.')}
          error={list.error}
          onRetry={() => void list.refetch()}
          data-testid="administration-list-error"
        />
      );
    const moments = list.data!.Moments;
    if (moments.length === 0)
      return (
        <Alert color="gray" variant="light" data-testid="administration-list-empty">
          {t('administration.empty', 'Er zijn geen toedienmomenten op deze dag voor deze afdeling.')}
        </Alert>
      );
    const { timed, asNeeded } = groupMoments(moments);
    return (
      <Stack gap="lg" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        <ListSummary summary={summarise(moments, now)} />
        <ConsentWarning moments={moments} />
        {timed.map((group) => {
          const open = group.moments.filter((m) => ['open', 'late'].includes(momentState(m, now))).length;
          const headingId = `time-${group.time.replace(':', '')}`;
          return (
            <Stack
              component="section"
              key={group.time}
              gap="sm"
              aria-labelledby={headingId}
              data-testid="time-group"
              data-time={group.time}
            >
              <Group gap="sm" align="baseline">
                <Title order={2} size="h3" id={headingId}>
                  {group.time}
                </Title>
                <Text c="dark.6">
                  {t('administration.groupOpen', '{{open}} van {{total}} open', {
                    open,
                    total: group.moments.length,
                  })}
                </Text>
              </Group>
              {group.moments.map((moment) => (
                <MomentCard key={moment.Key} moment={moment} now={now} />
              ))}
            </Stack>
          );
        })}
        {asNeeded.length > 0 ? (
          <Stack
            component="section"
            gap="sm"
            aria-labelledby="time-as-needed"
            data-testid="as-needed-section"
          >
            <Title order={2} size="h3" id="time-as-needed">
              {t('administration.asNeeded', 'Zo nodig')}
            </Title>
            {asNeeded.map((moment) => (
              <AsNeededCard key={moment.Key} moment={moment} />
            ))}
          </Stack>
        ) : null}
      </Stack>
    );
  };

  return (
    <Stack gap="md" maw={1100} data-testid="administration-list" data-department-id={list.data?.DepartmentId}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <PageHeading title={title} />
          {list.data ? (
            <Text c="dark.6" data-testid="list-caption">
              {list.data.DepartmentName} · {formatDate(list.data.Date)}
            </Text>
          ) : null}
        </Stack>
        <PrintButton size="md" data-testid="print-button" />
      </Group>
      {departments.data && departments.data.Rows.length > 0 ? (
        <DepartmentDayPicker
          departments={departments.data.Rows}
          departmentId={departmentId}
          date={date}
          onDepartmentChange={setDepartmentId}
          onDateChange={setDate}
        />
      ) : null}
      <DepartmentGate departments={departments} departmentId={departmentId}>
        {body}
      </DepartmentGate>
    </Stack>
  );
}
