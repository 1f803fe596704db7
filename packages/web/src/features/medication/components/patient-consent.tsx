import '@mantine/core/styles/Skeleton.css';
import { useState } from 'react';
import { Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Patient } from '@zorgportaal/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { hasPermission } from '../../../lib/session.ts';
import { useConsent } from '../api/get-consent.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { RecordConsentDialog } from '../../../components/record-consent-dialog.tsx';

/** Who may record a client's consent (the server's rule for kind 'consent'). */
const mayRecordConsent = () => hasPermission('administration.register') || hasPermission('medication.write');

/**
 * The patient's latest signed eTDR consent (when, who, the witness, the signature itself), with a
 * button to record one while there is no active consent.
 */
export function PatientConsent({ patient }: { patient: Patient }) {
  const { t } = useTranslation();
  const consent = useConsent(patient.Id, patient.EntityId);
  const [signing, setSigning] = useState(false);
  const canRecord = patient.ConsentStatus !== 'given' && mayRecordConsent();

  const body = () => {
    if (consent.isPending)
      return (
        <Stack gap={6} aria-busy="true" data-testid="patient-consent-loading">
          <Skeleton height={16} width="60%" />
          <Skeleton height={60} width={180} />
        </Stack>
      );
    if (consent.isError)
      return (
        <LoadError
          message={t('medication.consent.loadError', 'De toestemming kon niet worden geladen.')}
          error={consent.error}
          onRetry={() => void consent.refetch()}
          data-testid="patient-consent-error"
        />
      );
    const signed = consent.data;
    if (!signed)
      return (
        <Text c="dark.6" data-testid="patient-consent-empty">
          {t('medication.consent.none', 'Er is nog geen toestemming vastgelegd.')}
        </Text>
      );
    return (
      <Group gap="md" align="flex-start" wrap="wrap" data-testid="patient-consent-details">
        <Stack gap={2}>
          <Text size="sm" data-testid="consent-signed-at">
            {t('medication.consent.signedAt', 'Getekend op {{date}}', {
              date: formatDateTime(signed.SignedAt),
            })}
          </Text>
          <Text size="sm" data-testid="consent-signer-name">
            {t('medication.consent.signedBy', 'Door {{name}} ({{role}})', {
              name: signed.SignerName,
              role: t(`consent.roles.${signed.SignerRole}`),
            })}
          </Text>
          <Text size="sm" c="dark.6">
            {t('medication.consent.witness', 'Getuige: {{name}}', {
              name: signed.WitnessName ?? '–',
            })}
          </Text>
        </Stack>
        <Box
          component="img"
          src={signed.Signature}
          alt={t('medication.consent.signatureAlt', 'Handtekening van {{name}}', { name: signed.SignerName })}
          h={72}
          maw={240}
          bg="white"
          style={{ objectFit: 'contain', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
          data-testid="consent-signature-image"
        />
      </Group>
    );
  };

  return (
    <Stack
      component="section"
      gap={6}
      aria-labelledby={`consent-heading-${patient.Id}`}
      data-testid="patient-consent"
      data-state={
        consent.isPending ? 'loading' : consent.isError ? 'error' : consent.data ? 'signed' : 'empty'
      }
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={600} id={`consent-heading-${patient.Id}`}>
          {t('medication.consent.heading', 'Toestemming eTDR')}
        </Text>
        {canRecord ? (
          <Button
            size="sm"
            onClick={() => setSigning(true)}
            data-no-print
            data-testid="consent-record-button"
          >
            {t('medication.consent.record', 'Toestemming vastleggen')}
          </Button>
        ) : null}
      </Group>
      {body()}
      {signing ? (
        <RecordConsentDialog
          patientId={patient.Id}
          patientName={patient.ScreenName}
          onClose={() => setSigning(false)}
        />
      ) : null}
    </Stack>
  );
}
