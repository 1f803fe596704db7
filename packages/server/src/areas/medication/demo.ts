import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { AS_NEEDED, demoBsn, type Regimen, RISK, ROUTINE, seededRandom } from './demo-regimens.ts';
import { seedMedicationCatalogue } from './demo-catalogue.ts';
import { demoCoumarinAgreements } from './demo-coumarin.ts';

const DAY_MS = 86_400_000;
const GP_NAMES = ['W. van den Berg (Huisartsenpraktijk Linde)', 'S. Öztürk (Huisartsen Amersfoort-Noord)'];
const ALLERGIES = [['penicilline'], [], ['pleister'], [], ['NSAID'], [], [], ['jodium']];

/** What the medication demo made, for the parts of the demo world built on it (registrations, consents). */
export interface DemoMedication {
  patients: (typeof t.patients.$inferSelect)[];
  /** Every agreement, the history's successors included. */
  agreements: (typeof t.medicationAgreements.$inferSelect)[];
  products: Map<string, typeof t.medications.$inferSelect>;
  now: Date;
  /** The demo's PRNG where the medication demo left it: the registrations continue its sequence. */
  random: () => number;
}

/**
 * The medication part of the demo world: every client of the care centres becomes a patient with 2–5
 * agreements. Deterministic for a given `now`: a fixed PRNG seed, dates relative to the seed time. The
 * seed builds the registrations and consents on what it returns.
 */
export async function seedDemoMedication(tx: Tx, now = new Date()): Promise<DemoMedication> {
  await seedMedicationCatalogue(tx);
  const random = seededRandom(20_260_105);
  const products = new Map((await tx.select().from(t.medications)).map((m) => [m.name, m]));
  const clients = await tx
    .select({ id: t.persons.id, entityId: t.persons.entityId })
    .from(t.persons)
    .innerJoin(t.entities, eq(t.entities.id, t.persons.entityId))
    .leftJoin(t.accounts, eq(t.accounts.personId, t.persons.id))
    .where(and(eq(t.entities.type, 'carecenter'), isNull(t.accounts.id), eq(t.persons.deleted, false)))
    .orderBy(asc(t.persons.id));
  const entityIds = [...new Set(clients.map((c) => c.entityId))];
  const departments = await tx
    .select()
    .from(t.departments)
    .where(inArray(t.departments.entityId, entityIds))
    .orderBy(asc(t.departments.id));
  const supplies = await tx.select().from(t.networkLinks).where(eq(t.networkLinks.role, 'supplies'));
  const gpLinks = await tx.select().from(t.networkLinks).where(eq(t.networkLinks.role, 'gp'));
  // The linked GP practice prescribes for every client of the care centre except its last two (no
  // prescriber known yet), so "another GP's client" is visible in the demo as well.
  const prescriberOf = (c: (typeof clients)[number]) => {
    const ofCentre = clients.filter((x) => x.entityId === c.entityId);
    if (ofCentre.indexOf(c) >= ofCentre.length - 2) return null;
    return gpLinks.find((l) => l.toEntityId === c.entityId)?.fromEntityId ?? null;
  };

  const patients = await tx
    .insert(t.patients)
    .values(
      clients.map((c, i) => {
        const own = departments.filter((d) => d.entityId === c.entityId);
        const department = own[i % own.length]!;
        return {
          entityId: c.entityId,
          personId: c.id,
          bsn: demoBsn(i),
          departmentId: department.id,
          room: `${department.name.split(' ')[1]!.slice(0, 1)}${1 + (i % 2)}.${String(1 + Math.floor(i / 2)).padStart(2, '0')}`,
          pharmacyEntityId: supplies.find((l) => l.toEntityId === c.entityId)?.fromEntityId ?? null,
          gpName: GP_NAMES[entityIds.indexOf(c.entityId) % GP_NAMES.length]!,
          prescriberEntityId: prescriberOf(c),
          allergies: ALLERGIES[i % ALLERGIES.length]!,
        };
      }),
    )
    .returning();

  const agreements: (typeof t.medicationAgreements.$inferInsert)[] = [];
  for (const [i, patient] of patients.entries()) {
    const regimens = new Set<Regimen>();
    const routineCount = 2 + Math.floor(random() * 3);
    while (regimens.size < routineCount) regimens.add(ROUTINE[Math.floor(random() * ROUTINE.length)]!);
    // Risk products only where a second nurse is on duty to double-check (De Berk).
    if (patient.entityId === entityIds[0] && i % 3 === 0) regimens.add(RISK[(i / 3) % RISK.length]!);
    if (regimens.size < 5 && random() < 0.4) regimens.add(AS_NEEDED[i % AS_NEEDED.length]!);
    for (const regimen of regimens) {
      agreements.push({
        entityId: patient.entityId,
        patientId: patient.id,
        medicationId: products.get(regimen.product)!.id,
        prescriber: patient.gpName!.split(' (')[0]!,
        type: regimen.type,
        startAt: new Date(now.getTime() - (30 + Math.floor(random() * 300)) * DAY_MS),
        reason: regimen.reason,
        instructions: regimen.instructions,
        distributionForm: regimen.form,
      });
    }
  }
  // Appended, so the agreements before them (and the history picked from them) stay as they were.
  agreements.push(...(await demoCoumarinAgreements(tx, patients, agreements, products, now)));
  const rows = await tx.insert(t.medicationAgreements).values(agreements).returning();
  const history = await seedDemoHistory(tx, rows, now);
  return { patients, agreements: [...rows, ...history], products, now, random };
}

/** Agreements another area's demo adds (the VP's new course), stored by the medication area. */
export async function seedDemoAgreements(
  tx: Tx,
  rows: readonly (typeof t.medicationAgreements.$inferInsert)[],
): Promise<void> {
  if (rows.length) await tx.insert(t.medicationAgreements).values([...rows]);
}

/** A recently stopped agreement and a dose change three days ago, so the AMO shows history. */
async function seedDemoHistory(tx: Tx, rows: (typeof t.medicationAgreements.$inferSelect)[], now: Date) {
  const [first, second] = rows.filter((r) => r.type === 'continuous');
  if (!first || !second) return [];
  const tenDaysAgo = new Date(now.getTime() - 10 * DAY_MS);
  await tx
    .update(t.medicationAgreements)
    .set({ endAt: tenDaysAgo, stopType: 'stopped', stopReason: 'Bijwerkingen: duizeligheid.' })
    .where(eq(t.medicationAgreements.id, second.id));
  second.endAt = tenDaysAgo;
  const changeAt = new Date(now.getTime() - 3 * DAY_MS);
  await tx
    .update(t.medicationAgreements)
    .set({ endAt: changeAt, stopType: 'stopped', stopReason: 'Dosis verhoogd.' })
    .where(eq(t.medicationAgreements.id, first.id));
  first.endAt = changeAt;
  const moments = first.instructions.Moments.map((m) => ({ ...m, Dose: m.Dose * 2 }));
  return tx
    .insert(t.medicationAgreements)
    .values({
      ...first,
      id: undefined,
      startAt: changeAt,
      endAt: null,
      stopType: null,
      stopReason: null,
      replacesId: first.id,
      instructions: { ...first.instructions, Moments: moments },
      createdAt: changeAt,
    })
    .returning();
}
