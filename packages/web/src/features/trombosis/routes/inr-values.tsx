import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import { PrintButton } from '../../../components/print-button.tsx';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useInrValues, useTrombosisPatients } from '../api/trombosis.ts';
import { InrChart } from '../components/inr-chart.tsx';
import { InrTable } from '../components/inr-table.tsx';
import { InrValueForm } from '../components/inr-value-form.tsx';
import { TargetRangePanel } from '../components/target-range-form.tsx';
import { PatientPage } from '../components/patient-page.tsx';
import { usePatientParam } from '../../../lib/use-patient-param.ts';
import { usePrintAudit } from '../../../lib/print-audit.ts';
import { formatDecimal } from '../../../lib/format.ts';

/** /inrvalues: per patient the INR values as chart and table, the target range, and a new value. */
export default function InrValuesPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('routes.inrValues', 'INR waarden');
  const [patientId, choose] = usePatientParam('trombosis');
  const patients = useTrombosisPatients();
  const values = useInrValues(patientId);
  const canWrite = patients.data?.CanWrite ?? false;
  const patient = patients.data?.Rows.find((p) => p.Id === patientId) ?? null;
  usePrintAudit(values.data && patientId !== null ? { Screen: 'inr_values', PatientIds: [patientId] } : null);

  return (
    <PatientPage
      title={title}
      testId="inr-values"
      actions={values.data ? <PrintButton size="md" /> : null}
      patients={patients}
      patientId={patientId}
      onChoose={choose}
      query={values}
      noPatient={{
        text: t('trombosis.choosePatient', 'Kies een cliënt om de INR-waarden te zien.'),
        testId: 'inr-no-patient',
      }}
      skeletons={[280, 160]}
      errorMessage={t('trombosis.inrError', 'De INR-waarden konden niet worden geladen.')}
    >
      {(data, chosenId) => (
        <Stack gap="lg">
          {patient ? (
            <Text fw={600} size="lg" data-testid="inr-patient">
              {patient.ScreenName} · {patient.EntityName} · {patient.DepartmentName}
            </Text>
          ) : null}
          <TargetRangePanel
            key={data.TargetRange?.Id ?? 0}
            patientId={chosenId}
            current={data.TargetRange}
            history={data.TargetRangeHistory}
            canWrite={canWrite}
          />
          {canWrite ? <InrValueForm patientId={chosenId} /> : null}
          <Stack component="section" gap="xs" aria-labelledby="inr-history">
            <Group justify="space-between">
              <Title order={2} size="h4" id="inr-history">
                {t('trombosis.history', 'Verloop')} ({data.Rows.length})
              </Title>
              {data.Ttr !== null ? (
                <Text data-testid="inr-ttr">
                  {t('trombosis.ttrPatient', 'Tijd in therapeutisch gebied (6 maanden): {{ttr}}%', {
                    ttr: formatDecimal(data.Ttr),
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
                <InrTable values={data.Rows} patientId={chosenId} />
              </>
            )}
          </Stack>
        </Stack>
      )}
    </PatientPage>
  );
}
