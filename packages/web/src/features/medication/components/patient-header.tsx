import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Patient } from '@zorgportaal/contract';
import { formatDate } from '../../../lib/format.ts';
import { PatientConsent } from './patient-consent.tsx';

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dark.6">
        {label}
      </Text>
      <Text>{value || '–'}</Text>
    </div>
  );
}

/** Who the overview is about: name, date of birth, BSN, department, GP, pharmacy, allergies, consent (with the signature). */
export function PatientHeader({ patient, onEdit }: { patient: Patient; onEdit?: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid="patient-header">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3">
            {patient.ScreenName}
          </Title>
          <Group gap="sm">
            {onEdit ? (
              <Button variant="default" size="md" onClick={onEdit} data-no-print data-testid="patient-edit">
                {t('patients.edit', 'Cliëntgegevens wijzigen')}
              </Button>
            ) : null}
            {patient.ConsentStatus === 'given' ? (
              <Badge color="green.8" variant="outline">
                {t('medication.consent.given', 'Toestemming eTDR gegeven')}
              </Badge>
            ) : (
              <Badge color="red.8" variant="filled" data-testid="patient-consent-missing">
                {t('medication.consent.missing', 'Geen toestemming eTDR')}
              </Badge>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
          <Field
            label={t('medication.field.dateOfBirth', 'Geboortedatum')}
            value={formatDate(patient.DateOfBirth)}
          />
          <Field label={t('medication.field.bsn', 'BSN')} value={patient.Bsn} />
          <Field label={t('medication.field.department', 'Afdeling')} value={patient.DepartmentName} />
          <Field label={t('medication.field.room', 'Kamer')} value={patient.Room} />
          <Field label={t('medication.field.gp', 'Huisarts')} value={patient.GpName} />
          <Field label={t('medication.field.pharmacy', 'Apotheek')} value={patient.PharmacyName} />
        </SimpleGrid>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('medication.field.allergies', 'Allergieën')}:
          </Text>
          {patient.Allergies.length === 0 ? (
            <Text size="sm">{t('medication.noAllergies', 'Geen bekend')}</Text>
          ) : (
            patient.Allergies.map((allergy) => (
              <Badge key={allergy} color="red.8" variant="outline">
                {allergy}
              </Badge>
            ))
          )}
        </Group>
        <PatientConsent patient={patient} />
      </Stack>
    </Paper>
  );
}
