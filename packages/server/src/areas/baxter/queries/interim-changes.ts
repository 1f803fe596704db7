import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import type { AgreementChange } from '../../../platform/agreement-changes.ts';
import { dayBounds, localDate } from '../../../platform/time.ts';
import { baxterInterimChanges as ic, baxterRolls as r } from '../schema.ts';

/**
 * Records an interim change on every roll of the patient that is still running when the change takes
 * effect: its period (to the end of its last day) has not ended, neither at the change's moment nor now.
 * That includes rolls already laid out or handed over (their sachets are in the cabinet) and next week's.
 * Only changes of gds agreements count; the roll's sachets are left as they are.
 */
export async function recordInterimChange(
  tx: Tx,
  change: AgreementChange,
  now = new Date(),
): Promise<number> {
  if (!change.distributionForms.includes('gds')) return 0;
  const from = localDate(change.at > now ? change.at : now);
  const rolls = await tx
    .select({ id: r.id })
    .from(r)
    .where(and(eq(r.patientId, change.patientId), gte(r.periodEnd, from)))
    // In the rolls' order, so the running roll's change is listed before next week's (same time, lower id).
    .orderBy(r.periodStart);
  if (rolls.length === 0) return 0;
  await tx.insert(ic).values(
    rolls.map((roll) => ({
      rollId: roll.id,
      agreementId: change.agreementId,
      kind: change.kind,
      at: change.at,
      recordedBy: change.by,
    })),
  );
  return rolls.length;
}

/**
 * For the toedienlijst of `date`: per patient, the earliest moment from which a roll covering that day no
 * longer matches the agreements (an interim change). Moments at or after it are flagged.
 */
export async function interimChangesOn(
  db: Db,
  patientIds: number[],
  date: string,
): Promise<Map<number, Date>> {
  if (patientIds.length === 0) return new Map();
  const day = dayBounds(date);
  const rows = await db
    .select({ patientId: r.patientId, at: sql<Date>`min(${ic.at})`.mapWith(ic.at) })
    .from(ic)
    .innerJoin(r, eq(r.id, ic.rollId))
    .where(
      and(
        inArray(r.patientId, patientIds),
        lte(r.periodStart, date),
        gte(r.periodEnd, date),
        lt(ic.at, day.end),
      ),
    )
    .groupBy(r.patientId);
  return new Map(rows.map((x) => [x.patientId, x.at]));
}
