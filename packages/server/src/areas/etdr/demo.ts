import { inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
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
  await tx
    .update(t.patients)
    .set({ consentStatus: 'given' })
    .where(
      inArray(
        t.patients.id,
        signed.map((p) => p.id),
      ),
    );
}
