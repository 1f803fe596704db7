import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CoumarinMismatchAlert } from '../../../components/coumarin-mismatch-alert.tsx';
import { EmptyMessage } from '../../../components/empty-message.tsx';
import '../../../components/print.css';
import { formatDate } from '../../../lib/format.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useDosageSchemes, useTrombosisPatients } from '../api/trombosis.ts';
import { CoumarinAgreements } from '../components/coumarin-agreements.tsx';
import { DosingCalendar } from '../components/dosing-calendar.tsx';
import { SchemeEditor } from '../components/scheme-editor.tsx';
import { SchemeTable } from '../components/scheme-table.tsx';
import { PatientPage } from '../components/patient-page.tsx';
import { usePatientParam } from '../../../lib/use-patient-param.ts';

/**
 * /dosagescheme: per patient the scheme in force, a new scheme from a date (the service only), the
 * printable dosing calendar and every earlier scheme.
 */
export default function DosageSchemePage() {
  const { t } = useTranslation();
  const title = useRouteTitle('routes.dosageScheme', 'Doseerschema');
  const [patientId, choose] = usePatientParam('trombosis');
  const patients = useTrombosisPatients();
  const schemes = useDosageSchemes(patientId);
  const [editing, setEditing] = useState(false);
  const patient = patients.data?.Rows.find((p) => p.Id === patientId) ?? null;

  return (
    <PatientPage
      title={title}
      testId="dosage-scheme"
      headingNoPrint
      patients={patients}
      patientId={patientId}
      onChoose={choose}
      query={schemes}
      noPatient={{
        text: t('trombosis.chooseSchemePatient', 'Kies een cliënt om het doseerschema te zien.'),
        testId: 'scheme-no-patient',
      }}
      skeletons={[120, 240]}
      errorMessage={t('trombosis.schemesError', 'De doseerschema’s konden niet worden geladen.')}
    >
      {(data, chosenId) => {
        // The calendar shows the newest plan: a scheme starting later already replaces the current one then.
        const newest = data.Rows[0] ?? null;
        return (
          <Stack gap="lg">
            {patient ? (
              <Text fw={600} size="lg" data-no-print>
                {patient.ScreenName} · {patient.EntityName} · {patient.DepartmentName}
              </Text>
            ) : null}
            {data.Mismatch ? (
              <div data-no-print>
                <CoumarinMismatchAlert mismatch={data.Mismatch} />
              </div>
            ) : null}
            <Stack component="section" gap="xs" aria-labelledby="scheme-current" data-no-print>
              <Group justify="space-between">
                <Title order={2} size="h4" id="scheme-current">
                  {t('trombosis.currentScheme', 'Huidig schema')}
                </Title>
                {data.CanWrite && !editing ? (
                  <Button size="md" onClick={() => setEditing(true)} data-testid="scheme-new">
                    {t('trombosis.newScheme', 'Nieuw doseerschema')}
                  </Button>
                ) : null}
              </Group>
              {data.Current ? (
                <SchemeTable rows={[data.Current]} testId="scheme-current-table" />
              ) : (
                <Text c="dark.6">{t('trombosis.noCurrentScheme', 'Vandaag geldt geen doseerschema.')}</Text>
              )}
            </Stack>
            {editing ? (
              <SchemeEditor
                patientId={chosenId}
                current={data.Current ?? newest}
                suggestedNextCheck={data.SuggestedNextCheck}
                onDone={() => setEditing(false)}
              />
            ) : null}
            {newest && patient ? (
              <Stack gap="xs">
                <Group justify="space-between" data-no-print>
                  <Text size="sm" c="dark.6">
                    {t('trombosis.calendarFor', 'Doseerkalender vanaf {{from}}', {
                      from: formatDate(newest.ValidFrom),
                    })}
                  </Text>
                  <Button
                    variant="default"
                    size="md"
                    onClick={() => window.print()}
                    data-testid="calendar-print"
                  >
                    {t('trombosis.printCalendar', 'Doseerkalender afdrukken')}
                  </Button>
                </Group>
                <DosingCalendar scheme={newest} patient={patient} />
              </Stack>
            ) : null}
            <CoumarinAgreements patientId={chosenId} />
            <Stack component="section" gap="xs" aria-labelledby="scheme-history" data-no-print>
              <Title order={2} size="h4" id="scheme-history">
                {t('trombosis.schemeHistory', 'Alle schema’s')} ({data.Rows.length})
              </Title>
              {data.Rows.length === 0 ? (
                <EmptyMessage title={t('trombosis.noSchemes', 'Nog geen doseerschema’s')} />
              ) : (
                <SchemeTable rows={data.Rows} testId="scheme-history-table" />
              )}
            </Stack>
          </Stack>
        );
      }}
    </PatientPage>
  );
}
