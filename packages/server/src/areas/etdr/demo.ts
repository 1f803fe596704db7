import { and, eq, lt } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { markConsentGiven } from '../medication/public.ts';
import * as t from './tables.ts';
import { DEMO_SIGNATURE_PNG } from './demo-signature.ts';

export { DEMO_SIGNATURE_PNG };

export const DEMO_CONSENT_TEXT =
  'Ik geef toestemming dat de zorgverleners van deze zorginstelling mijn medicatie toedienen en registreren, ' +
  'en dat mijn apotheek en voorschrijvers deze registratie inzien.';

/** Most patients signed; every sixth did not yet, so the dashboard's "without consent" list is not empty. */
export async function seedDemoConsents(
  tx: Tx,
  patients: (typeof t.patients.$inferSelect)[],
  now: Date,
): Promise<void> {
  const signed = patients.filter((_, i) => i % 6 !== 5);
  if (signed.length === 0) return;
  await tx.insert(t.consents).values(
    signed.map((p, i) => ({
      entityId: p.entityId,
      patientId: p.id,
      kind: 'consent' as const,
      signerName: i % 4 === 0 ? 'Vertegenwoordiger (curator)' : 'Cliënt',
      signerRole: i % 4 === 0 ? ('representative' as const) : ('client' as const),
      witnessName: 'F. El Amrani',
      signedAt: new Date(now.getTime() - (40 + i) * 86_400_000),
      consentText: DEMO_CONSENT_TEXT,
      signaturePng: DEMO_SIGNATURE_PNG,
    })),
  );
  for (const p of signed) p.consentStatus = 'given';
  await markConsentGiven(
    tx,
    signed.map((p) => p.id),
  );
}

/**
 * The prescriber's authorised signature on every agreement of its clients that started before `before`,
 * signed when it started: in the demo only the recent changes wait for the GP (the VP dashboard and the
 * AMO's "Ondertekenen" show the same few).
 */
export async function seedDemoAuthorisations(
  tx: Tx,
  input: { prescriberEntityId: number; signerName: string; recordedBy: number; before: Date },
): Promise<void> {
  const rows = await tx
    .select({
      id: t.medicationAgreements.id,
      entityId: t.medicationAgreements.entityId,
      patientId: t.medicationAgreements.patientId,
      startAt: t.medicationAgreements.startAt,
    })
    .from(t.medicationAgreements)
    .innerJoin(t.patients, eq(t.patients.id, t.medicationAgreements.patientId))
    .where(
      and(
        eq(t.patients.prescriberEntityId, input.prescriberEntityId),
        lt(t.medicationAgreements.startAt, input.before),
      ),
    );
  if (rows.length === 0) return;
  await tx.insert(t.consents).values(
    rows.map((a) => ({
      entityId: a.entityId,
      patientId: a.patientId,
      kind: 'authorized' as const,
      agreementId: a.id,
      signerName: input.signerName,
      signerRole: 'prescriber' as const,
      signedAt: a.startAt,
      consentText: 'Als voorschrijver onderteken ik de medicatieafspraak.',
      signaturePng: DEMO_SIGNATURE_PNG,
      recordedBy: input.recordedBy,
    })),
  );
}
