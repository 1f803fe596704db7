import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { addDays, isoWeekday, localDate } from '../../platform/time.ts';
import { BAXTER_ROLL_DAYS } from '@zorgportaal/contract';
import { generateRolls } from './queries/index.ts';
import { baxterRolls } from './schema.ts';

/** The week of the demo roll file next to this module (demo-roll-file.csv / .json): its rolls wait for it. */
export const DEMO_FILE_WEEK = '2026-11-30';

/**
 * Baxter rolls of the demo world: this week and next week from the gds agreements for both pharmacies;
 * this week's in all three statuses; and the two De Berk rolls the demo roll file fills, waiting.
 */
export async function seedDemoRolls(tx: Tx, now = new Date()): Promise<void> {
  const today = localDate(now);
  const thisWeek = addDays(today, 1 - isoWeekday(today));
  const links = await tx
    .select()
    .from(t.networkLinks)
    .where(and(eq(t.networkLinks.role, 'supplies'), eq(t.networkLinks.active, true)))
    .orderBy(asc(t.networkLinks.id));
  const pharmacies = [...new Set(links.map((l) => l.fromEntityId))];
  for (const pharmacyId of pharmacies) {
    const careCentres = links.filter((l) => l.fromEntityId === pharmacyId).map((l) => l.toEntityId);
    for (const week of [thisWeek, addDays(thisWeek, 7)])
      await generateRolls(tx, pharmacyId, careCentres, week);
  }
  // The demo roll file's two rolls (De Berk's first two clients) wait for the file, also in the file's own week.
  const [berk] = await tx.select().from(t.entities).where(eq(t.entities.name, 'Zorgcentrum De Berk'));
  const supplier = links.find((l) => l.toEntityId === berk?.id);
  const patients = berk
    ? await tx
        .select()
        .from(t.patients)
        .where(eq(t.patients.entityId, berk.id))
        .orderBy(asc(t.patients.id))
        .limit(2)
    : [];
  const waitsForFile = (roll: { periodStart: string; patientId: number }) =>
    roll.periodStart === DEMO_FILE_WEEK && patients.some((p) => p.id === roll.patientId);
  const accounts = await tx.select().from(t.accounts).orderBy(asc(t.accounts.id));
  const current = await tx
    .select()
    .from(baxterRolls)
    .where(eq(baxterRolls.periodStart, thisWeek))
    .orderBy(asc(baxterRolls.id));
  for (const [i, roll] of current.entries()) {
    const layer = accounts.find((a) => a.entityId === roll.pharmacyEntityId)?.id ?? null;
    const receiver =
      accounts.find((a) => a.entityId === roll.entityId && a.username !== 'beheerder')?.id ?? null;
    const laidOutAt = new Date(now.getTime() - 2 * 86_400_000);
    if (i % 3 === 0 || waitsForFile(roll)) continue;
    await tx
      .update(baxterRolls)
      .set(
        i % 3 === 1
          ? { status: 'laid_out', laidOutAt, laidOutBy: layer }
          : {
              status: 'handed_over',
              laidOutAt,
              laidOutBy: layer,
              handedOverAt: new Date(now.getTime() - 86_400_000),
              handedOverBy: receiver,
            },
      )
      .where(eq(baxterRolls.id, roll.id));
  }
  if (!berk || !supplier) return;
  const existing = await tx
    .select({ patientId: baxterRolls.patientId })
    .from(baxterRolls)
    .where(
      and(
        eq(baxterRolls.periodStart, DEMO_FILE_WEEK),
        inArray(
          baxterRolls.patientId,
          patients.map((p) => p.id),
        ),
      ),
    );
  const missing = patients.filter((p) => !existing.some((e) => e.patientId === p.id));
  if (missing.length)
    await tx.insert(baxterRolls).values(
      missing.map((p) => ({
        entityId: berk.id,
        pharmacyEntityId: supplier.fromEntityId,
        patientId: p.id,
        departmentId: p.departmentId,
        periodStart: DEMO_FILE_WEEK,
        periodEnd: addDays(DEMO_FILE_WEEK, BAXTER_ROLL_DAYS - 1),
      })),
    );
}
