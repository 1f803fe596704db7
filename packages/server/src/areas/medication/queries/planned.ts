import { and, gt, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { dayBounds } from '../../../platform/time.ts';
import { daySlots, type DaySlot, type PlanningAgreement } from '../planned-moments.ts';
import * as t from '../tables.ts';

/** One agreement's stored day: what `daySlots` plans for it on `day`. */
export interface PlannedDay {
  agreementId: number;
  day: string;
  slots: DaySlot[];
}

/** The stored days of `agreements` on each of `days` (computed, not yet written). */
export const expansionOf = (
  agreements: readonly Pick<PlanningAgreement, 'id' | 'type' | 'instructions'>[],
  days: readonly string[],
): PlannedDay[] =>
  days.flatMap((day) => agreements.map((a) => ({ agreementId: a.id, day, slots: daySlots(a, day) })));

/**
 * Writes planned days; a day already stored stays (it is the same: a pure function of the agreement's
 * unchanging instructions and the day), so concurrent writers of the same day, on any instance, are safe.
 */
export async function storePlannedDays(db: Db | Tx, rows: readonly PlannedDay[]): Promise<void> {
  // In chunks: a statement takes at most 65,535 parameters.
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insert(t.plannedMoments)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
}

/**
 * The day roll-over: stores `day` for every agreement in force that day that has no stored day yet.
 * Returns how many it wrote.
 */
export async function rollOverPlannedDays(db: Db, day: string): Promise<number> {
  const { start, end } = dayBounds(day);
  const a = t.medicationAgreements;
  const missing = await db
    .select({ id: a.id, type: a.type, instructions: a.instructions })
    .from(a)
    .where(
      and(
        lt(a.startAt, end),
        or(isNull(a.endAt), gt(a.endAt, start)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(t.plannedMoments)
            .where(
              and(sql`${t.plannedMoments.agreementId} = ${a.id}`, sql`${t.plannedMoments.day} = ${day}`),
            ),
        ),
      ),
    );
  await storePlannedDays(db, expansionOf(missing, [day]));
  return missing.length;
}
