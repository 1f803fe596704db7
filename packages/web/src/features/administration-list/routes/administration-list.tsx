import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Switch.css';
import { Alert, Group, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PrintButton } from '../../../components/print-button.tsx';
import { formatDate } from '../../../lib/format.ts';
import { usePrintAudit } from '../../../lib/print-audit.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useAdministrationList } from '../api/get-administration-list.ts';
import { useDepartments } from '../../../lib/administration/get-departments.ts';
import { AsNeededCard } from '../components/as-needed-card.tsx';
import { ConsentWarning } from '../components/consent-warning.tsx';
import { DepartmentDayPicker } from '../../../components/administration/department-day-picker.tsx';
import { ListSummary } from '../components/list-summary.tsx';
import { NextRoundNotice } from '../components/next-round-notice.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { DepartmentGate } from '../../../components/administration/department-gate.tsx';
import { RoundSection } from '../components/round-section.tsx';
import { useDepartmentDay } from '../../../lib/administration/use-department-day.ts';
import { useNow } from '../hooks/use-now.ts';
import { useOpenOnly } from '../hooks/use-open-only.ts';
import { awaitsDoubleCheck, useDoubleCheckFilter } from '../hooks/use-double-check-filter.ts';
import { DoubleCheckFilterNotice } from '../components/double-check-filter-notice.tsx';
import { useScrollToNow } from '../hooks/use-scroll-to-now.ts';
import { todayInAmsterdam } from '../../../lib/dates.ts';
import { groupMoments, isOpen, scrollTargetOf } from '../utils/moments.ts';
import { OfflineBanner } from '../offline/offline-banner.tsx';
import { useListCache } from '../offline/use-list-cache.ts';

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
  const day = useDepartmentDay(departments.data?.Rows);
  const { departmentId, date } = day;
  const list = useAdministrationList(departmentId === null ? null : { departmentId, date });
  useListCache(departmentId === null ? null : { departmentId, date }, list, departments.data);
  const now = useNow();
  usePrintAudit(
    list.data
      ? {
          Screen: 'administration_list',
          DepartmentId: list.data.DepartmentId,
          PatientIds: [...new Set(list.data.Moments.map((moment) => moment.PatientId))],
        }
      : null,
  );
  const [openOnly, setOpenOnly] = useOpenOnly();
  const [checkOnly, showAll] = useDoubleCheckFilter();
  // ?round=HH:mm (a dashboard tile's link): open at the round the tile counted.
  const askedRound = useSearchParams()[0].get('round');
  useScrollToNow(
    departmentId === null ? null : `${departmentId}|${date}|${askedRound ?? ''}`,
    Boolean(list.data) && !list.isPlaceholderData,
  );

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
    const { timed, asNeeded: allAsNeeded } = groupMoments(moments);
    const asNeeded = checkOnly ? allAsNeeded.filter(awaitsDoubleCheck) : allAsNeeded;
    const rounds = timed
      .map((group) => {
        const open = group.moments.filter((m) => isOpen(m, now));
        const shown = checkOnly ? group.moments.filter(awaitsDoubleCheck) : openOnly ? open : group.moments;
        return { ...group, open: open.length, shown };
      })
      .filter((group) => group.shown.length > 0);
    const target = scrollTargetOf(
      rounds,
      askedRound ?? (date === todayInAmsterdam() ? list.data!.Summary.CurrentRound : null),
      now,
    );
    const readOnly = !list.data!.MayRegister;
    return (
      <Stack gap="lg" style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
        {readOnly ? (
          <Alert color="blue" variant="light" data-testid="administration-list-read-only">
            {t(
              'administration.readOnly',
              'U kunt deze toedienlijst alleen inzien: toedieningen registreren de medewerkers van de zorginstelling zelf.',
            )}
          </Alert>
        ) : null}
        <OfflineBanner updatedAt={list.dataUpdatedAt} />
        <ListSummary summary={list.data!.Summary} />
        <ConsentWarning moments={moments} />
        {checkOnly ? (
          <DoubleCheckFilterNotice count={list.data!.Summary.AwaitingDoubleCheck} onShowAll={showAll} />
        ) : null}
        {date === todayInAmsterdam() && !checkOnly ? <NextRoundNotice moments={moments} now={now} /> : null}
        {rounds.length === 0 && !checkOnly ? (
          <Alert color="gray" variant="light" data-testid="administration-list-all-done">
            {t('administration.noneOpen', 'Er staan geen open toedieningen meer op deze dag.')}
          </Alert>
        ) : null}
        {rounds.map((group, i) => (
          <RoundSection
            key={group.time}
            time={group.time}
            moments={group.shown}
            open={group.open}
            total={group.moments.length}
            now={now}
            next={rounds[i + 1]?.time ?? null}
            scrollTarget={target?.time === group.time ? target.key : null}
            readOnly={readOnly}
            context={`${list.data!.DepartmentName} · ${formatDate(list.data!.Date)}`}
          />
        ))}
        {asNeeded.length > 0 && (checkOnly || !openOnly) ? (
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
              <AsNeededCard key={moment.Key} moment={moment} readOnly={readOnly} />
            ))}
          </Stack>
        ) : null}
      </Stack>
    );
  };

  return (
    <Stack
      gap="md"
      maw={1100}
      data-testid="administration-list"
      data-department-id={list.data?.DepartmentId}
      data-print-hide-buttons
    >
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
      <DepartmentDayPicker departments={departments.data?.Rows} day={day} />
      <Switch
        size="lg"
        checked={openOnly}
        onChange={(event) => setOpenOnly(event.currentTarget.checked)}
        label={t('administration.openOnly', 'Alleen open')}
        data-testid="open-only"
      />
      <DepartmentGate departments={departments} departmentId={departmentId}>
        {body}
      </DepartmentGate>
    </Stack>
  );
}
