import '@mantine/core/styles/List.css';
import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment } from '@zorgportaal/contract';
import { hasPermission } from '../../../lib/session.ts';
import { RecordConsentDialog } from '../../../components/record-consent-dialog.tsx';

interface PatientRef {
  id: number;
  name: string;
}

/** Who may record a client's consent (the server's rule for kind 'consent'). */
export const mayRecordConsent = () =>
  hasPermission('administration.register') || hasPermission('medication.write');

/**
 * Patients on this list without an active eTDR consent (a warning, registration stays possible),
 * each with a button that opens the consent dialog.
 */
export function ConsentWarning({ moments }: { moments: readonly PlannedMoment[] }) {
  const { t } = useTranslation();
  const [signing, setSigning] = useState<PatientRef | null>(null);
  const patients = [
    ...new Map(
      moments
        .filter((moment) => moment.ConsentMissing)
        .map((moment) => [moment.PatientId, { id: moment.PatientId, name: moment.PatientName }] as const),
    ).values(),
  ].sort((a, b) => a.name.localeCompare(b.name, 'nl'));
  const mayRecord = mayRecordConsent();

  return (
    <>
      {patients.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          title={t('administration.consentTitle', 'Toestemming ontbreekt')}
          data-testid="consent-warning"
        >
          <Stack gap="xs">
            <Text size="sm">
              {t(
                'administration.consentIntro',
                'Voor deze cliënten is geen actieve toestemming (eTDR) vastgelegd. Registreren kan wel.',
              )}
            </Text>
            <List spacing={6} listStyleType="none" ml={0} pl={0}>
              {patients.map((patient) => (
                <List.Item
                  key={patient.id}
                  data-testid="consent-warning-patient"
                  data-patient-id={patient.id}
                >
                  <Group gap="sm" wrap="wrap">
                    <Text fw={600}>{patient.name}</Text>
                    {mayRecord ? (
                      <Button
                        size="sm"
                        variant="white"
                        color="orange.9"
                        onClick={() => setSigning(patient)}
                        aria-label={t(
                          'administration.consentRecordFor',
                          'Toestemming vastleggen voor {{name}}',
                          {
                            name: patient.name,
                          },
                        )}
                        data-no-print
                        data-testid="consent-record-button"
                        data-patient-id={patient.id}
                      >
                        {t('administration.consentRecord', 'Toestemming vastleggen')}
                      </Button>
                    ) : null}
                  </Group>
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      ) : null}
      {signing ? (
        <RecordConsentDialog
          patientId={signing.id}
          patientName={signing.name}
          onClose={() => setSigning(null)}
        />
      ) : null}
    </>
  );
}
