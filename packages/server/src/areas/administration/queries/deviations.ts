import { SUCCESS_STATUSES } from '@zorgportaal/contract';
import { and, gte, inArray, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { isEffective } from './day-list.ts';
import { WITHDRAWN_STATUS } from '../rules.ts';

/**
 * Deviations per client in [since, until): effective registrations that were not "given" (the same rule as
 * the day progress: day-progress.ts); undone (withdrawn) and corrected registrations do not count.
 */
export async function deviationCounts(
  db: Db,
  patientIds: number[],
  since: Date,
  until: Date,
): Promise<Map<number, number>> {
  if (patientIds.length === 0) return new Map();
  const a = t.administrations;
  const rows = await db
    .select({ patientId: a.patientId, count: sql<number>`count(*)::int` })
    .from(a)
    .where(
      and(
        inArray(a.patientId, patientIds),
        gte(a.momentAt, since),
        lt(a.momentAt, until),
        notInArray(a.status, [...SUCCESS_STATUSES]),
        ne(a.status, WITHDRAWN_STATUS),
        isEffective,
      ),
    )
    .groupBy(a.patientId);
  return new Map(rows.map((r) => [r.patientId, r.count]));
}
