import '@mantine/core/styles/Skeleton.css';
import { Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PrintButton } from '../../../components/print-button.tsx';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useInrValues, useTrombosisPatients } from '../api/trombosis.ts';
import { InrChart } from '../components/inr-chart.tsx';
import { InrTable } from '../components/inr-table.tsx';
import { InrValueForm } from '../components/inr-value-form.tsx';
import { TargetRangePanel } from '../components/target-range-form.tsx';
import { TrombosisPatientSelect } from '../components/trombosis-patient-select.tsx';
import { usePatientParam } from '../hooks/use-patient-param.ts';

/** /inrvalues: per patient the INR values as chart and table, the target range, and a new value. */
export default function InrValuesPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('routes.inrValues', 'INR waarden');
  const [patientId, choose] = usePatientParam();
  const patients = useTrombosisPatients();
  const values = useInrValues(patientId);
  const canWrite = patients.data?.CanWrite ?? false;
  const patient = patients.data?.Rows.find((p) => p.Id === patientId) ?? null;

  const body = () => {
    if (patientId === null)
      return (
        <Alert color="gray" variant="light" data-testid="inr-no-patient">
          {t('trombosis.choosePatient', 'Kies een cliënt om de INR-waarden te zien.')}
        </Alert>
      );
    if (values.isPending)
      return (
        <Stack gap="sm" aria-busy="true">
          <Skeleton height={280} />
          <Skeleton height={160} />
        </Stack>
      );
    if (values.isError)
      return (
        <LoadError
          message={t('trombosis.inrError', 'De INR-waarden konden niet worden geladen.')}
          error={values.error}
          onRetry={() => void values.refetch()}
        />
      );
    const data = values.data;
    return (
      <Stack gap="lg">
        {patient ? (
          <Text fw={600} size="lg" data-testid="inr-patient">
            {patient.ScreenName} · {patient.EntityName} · {patient.DepartmentName}
          </Text>
        ) : null}
        <TargetRangePanel
          key={data.TargetRange?.Id ?? 0}
          patientId={patientId}
          current={data.TargetRange}
          history={data.TargetRangeHistory}
          canWrite={canWrite}
        />
        {canWrite ? <InrValueForm patientId={patientId} /> : null}
        <Stack component="section" gap="xs" aria-labelledby="inr-history">
          <Group justify="space-between">
            <Title order={2} size="h4" id="inr-history">
              {t('trombosis.history', 'Verloop')} ({data.Rows.length})
            </Title>
            {data.Ttr !== null ? (
              <Text data-testid="inr-ttr">
                {t('trombosis.ttrPatient', 'Tijd in therapeutisch gebied (6 maanden): {{ttr}}%', {
                  ttr: data.Ttr.toFixed(1),
                })}
              </Text>
            ) : null}
          </Group>
          {data.Rows.length === 0 ? (
            <EmptyMessage
              title={t('trombosis.noValues', 'Nog geen INR-waarden')}
              description={
                canWrite ? t('trombosis.noValuesHint', 'Voer hierboven de eerste meting in.') : undefined
              }
            />
          ) : (
            <>
              <InrChart values={data.Rows} range={data.TargetRange} />
              <InrTable values={data.Rows} patientId={patientId} />
            </>
          )}
        </Stack>
      </Stack>
    );
  };

  return (
    <Stack gap="md" maw={1200} data-testid="inr-values">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageHeading title={title} />
        {values.data ? <PrintButton size="md" /> : null}
      </Group>
      {patients.isError ? (
        <LoadError
          message={t('trombosis.patientsError', 'De cliënten konden niet worden geladen.')}
          error={patients.error}
          onRetry={() => void patients.refetch()}
        />
      ) : (
        <TrombosisPatientSelect patients={patients.data?.Rows ?? []} value={patientId} onChange={choose} />
      )}
      {body()}
    </Stack>
  );
}
