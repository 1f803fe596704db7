import { Alert, Text } from '@mantine/core';
import type { CoumarinMismatch } from '@zorgportaal/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The server's flag that a coumarin dosage scheme and the coumarin agreements disagree (a scheme without
 * an agreement gives no dose on the Toedienlijst; an agreement without a scheme no dosing). Shown on the
 * Trombosedashboard, the Doseerschema and the client's AMO.
 */
export function CoumarinMismatchAlert({
  mismatch,
  name,
  children,
}: {
  mismatch: CoumarinMismatch;
  /** The client's name, where the page does not already say whose data it is. */
  name?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const drug = (d: string) => t(`trombosis.drugName.${d}`, d);
  const agreements = mismatch.AgreementDrugs.map(drug).join(', ');
  const title = {
    schemeWithoutAgreement: t('coumarinMismatch.schemeWithoutAgreement', 'Schema zonder cumarine-afspraak'),
    agreementWithoutScheme: t(
      'coumarinMismatch.agreementWithoutScheme',
      'Cumarine-afspraak zonder doseerschema',
    ),
    drugMismatch: t(
      'coumarinMismatch.drugMismatch',
      'Doseerschema en cumarine-afspraak verschillen van middel',
    ),
  }[mismatch.Kind];
  const text = {
    schemeWithoutAgreement: t(
      'coumarinMismatch.schemeWithoutAgreementText',
      'Er geldt een doseerschema {{scheme}}, maar er is geen actieve medicatieafspraak van dit middel: de dosis staat niet op de Toedienlijst.',
      { scheme: mismatch.SchemeDrug ? drug(mismatch.SchemeDrug) : '' },
    ),
    agreementWithoutScheme: t(
      'coumarinMismatch.agreementWithoutSchemeText',
      'Er is een actieve medicatieafspraak {{agreements}}, maar de trombosedienst heeft geen doseerschema vastgelegd.',
      { agreements },
    ),
    drugMismatch: t(
      'coumarinMismatch.drugMismatchText',
      'Het doseerschema is voor {{scheme}}, de actieve medicatieafspraak voor {{agreements}}.',
      { scheme: mismatch.SchemeDrug ? drug(mismatch.SchemeDrug) : '', agreements },
    ),
  }[mismatch.Kind];
  return (
    <Alert
      color="orange"
      variant="light"
      title={name ? `${title} – ${name}` : title}
      data-testid="coumarin-mismatch"
      data-kind={mismatch.Kind}
    >
      <Text size="sm">{text}</Text>
      {children}
    </Alert>
  );
}
