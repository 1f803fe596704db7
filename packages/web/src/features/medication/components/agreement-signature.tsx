import { Button, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Agreement, Patient } from '@zorgportaal/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { useSignature } from '../api/get-signature.ts';

/**
 * The prescriber's authorised signature of one agreement (eTDR): "Ondertekend door … op …", or the
 * "Ondertekenen" button for an active or future agreement that is not signed yet.
 */
export function AgreementSignature({
  patient,
  agreement,
  onSign,
}: {
  patient: Patient;
  agreement: Agreement;
  onSign: (agreement: Agreement) => void;
}) {
  const { t } = useTranslation();
  const signature = useSignature(patient.Id, agreement.Id, patient.EntityId);
  if (signature.isPending) return <Loader size="xs" aria-label={t('app.loading', 'Laden…')} />;
  if (signature.isError)
    return (
      <Text size="sm" c="red.8">
        {t('medication.signature.loadError', 'Onbekend')}
      </Text>
    );
  if (signature.data)
    return (
      <Text size="sm" c="green.9" data-testid="agreement-signed">
        {t('medication.signature.signed', {
          name: signature.data.SignerName,
          date: formatDateTime(signature.data.SignedAt),
          defaultValue: 'Ondertekend door {{name}} op {{date}}',
        })}
      </Text>
    );
  const open = agreement.Status === 'active' || agreement.Status === 'future';
  return open ? (
    <Button size="sm" variant="light" onClick={() => onSign(agreement)} data-testid="agreement-sign">
      {t('medication.signature.sign', 'Ondertekenen')}
    </Button>
  ) : (
    <Text size="sm" c="dark.6">
      {t('medication.signature.unsigned', 'Niet ondertekend')}
    </Text>
  );
}
