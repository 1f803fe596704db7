import { and, asc, eq } from 'drizzle-orm';
import { addDays, localDate } from '../../platform/time.ts';
import type { Tx } from '../../platform/db/client.ts';
import { accounts, entities, medications, patients } from './tables.ts';
import { medicationReviews } from './schema.ts';
import { seedDemoAuthorisations } from '../etdr/demo.ts';
import { seedDemoAgreements } from '../medication/demo.ts';

const DAY_MS = 86_400_000;

/**
 * The prescriber's part of the demo world: three medication reviews at De Berk (one overdue, one due
 * next week) and a new course of nitrofurantoine started yesterday, so with the dose change of three
 * days ago two agreements wait for the GP's authorised signature.
 */
export async function seedDemoVp(tx: Tx, now = new Date()): Promise<void> {
  const [deBerk] = await tx
    .select({ id: entities.id })
    .from(entities)
    .where(eq(entities.name, 'Zorgcentrum De Berk'));
  const [gp] = await tx
    .select({ id: accounts.id, entityId: accounts.entityId })
    .from(accounts)
    .where(eq(accounts.username, 'huisarts'));
  if (!deBerk || !gp) return;
  const clients = await tx
    .select({ id: patients.id, gpName: patients.gpName })
    .from(patients)
    .where(and(eq(patients.entityId, deBerk.id)))
    .orderBy(asc(patients.id))
    .limit(6);
  if (clients.length < 6) return;
  const today = localDate(now);
  const prescriber = clients[0]!.gpName?.split(' (')[0] ?? 'Huisarts';
  const reviews = [
    {
      patient: clients[2]!,
      reviewedOn: addDays(today, -180),
      findings: 'Sufheid overdag; oxazepam afgebouwd. Bloeddruk stabiel.',
      agreedChanges: 'Oxazepam stoppen na afbouwschema.',
      nextReviewOn: addDays(today, -3),
    },
    {
      patient: clients[4]!,
      reviewedOn: addDays(today, -170),
      findings: 'Geen bijwerkingen gemeld. Nierfunctie gecontroleerd (eGFR 52).',
      agreedChanges: null,
      nextReviewOn: addDays(today, 7),
    },
    {
      patient: clients[5]!,
      reviewedOn: addDays(today, -30),
      findings: 'Polyfarmacie beoordeeld: maagbescherming blijft nodig bij NSAID-gebruik.',
      agreedChanges: 'Paracetamol als eerste keus bij pijn; NSAID alleen zo nodig.',
      nextReviewOn: addDays(today, 150),
    },
  ];
  await tx.insert(medicationReviews).values(
    reviews.map((r) => ({
      entityId: deBerk.id,
      patientId: r.patient.id,
      reviewedOn: r.reviewedOn,
      prescriber,
      pharmacist: 'Apotheker De Linde',
      nurse: 'Verpleegkundige De Berk',
      findings: r.findings,
      agreedChanges: r.agreedChanges,
      nextReviewOn: r.nextReviewOn,
      recordedBy: gp.id,
      recordedByEntityId: gp.entityId,
      recordedAt: new Date(`${r.reviewedOn}T14:00:00Z`),
    })),
  );

  const [nitrofurantoine] = await tx
    .select({ id: medications.id })
    .from(medications)
    .where(eq(medications.name, 'NITROFURANTOINE CAPSULE MGA 100MG'));
  if (!nitrofurantoine) return;
  // Older agreements were signed when they started; the recent ones wait for the GP.
  await seedDemoAuthorisations(tx, {
    prescriberEntityId: gp.entityId,
    signerName: prescriber,
    recordedBy: gp.id,
    before: new Date(now.getTime() - 7 * DAY_MS),
  });
  const start = new Date(now.getTime() - DAY_MS);
  await seedDemoAgreements(tx, [
    {
      entityId: deBerk.id,
      patientId: clients[3]!.id,
      medicationId: nitrofurantoine.id,
      prescriber,
      type: 'temporary',
      startAt: start,
      endAt: new Date(start.getTime() + 5 * DAY_MS),
      reason: 'Urineweginfectie',
      instructions: {
        DoseUnit: 'capsule',
        Moments: [
          { Time: '08:00', Dose: 1 },
          { Time: '20:00', Dose: 1 },
        ],
        Weekdays: [],
        AsNeededCriterion: null,
        AsNeededMaxPerDay: null,
        AsNeededDose: null,
        Note: null,
      },
      distributionForm: 'loose',
      createdBy: gp.id,
      createdAt: start,
    },
  ]);
}
