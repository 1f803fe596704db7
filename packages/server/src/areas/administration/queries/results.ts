import { type Results, type ResultsQuery, resultsQuerySchema } from '@zorgportaal/contract';
import { and, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { type Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import { summariseResults } from '../results-summary.ts';
import { WITHDRAWN_STATUS } from '../rules.ts';
import { addDays, isoWeekKey, localDate } from '../../../platform/time.ts';

const d = t.administrationDays;
// Grouped by the bare column and cast per group, not per row. Weeks are folded from days below
// (at most 367 days × 6 statuses).
const GROUP_COLUMN = {
  status: d.status,
  department: d.departmentId,
  medication: d.medicationId,
  patient: d.patientId,
  day: d.day,
  week: d.day,
} as const;

/**
 * Resultaten Toedienregistratie: counts per status (and per group) with percentages, late doses and
 * open double checks. Reads the daily roll-up (administration_days: one row per day, department,
 * patient, product and status, kept by triggers), so a year costs days, not registrations. Same
 * period and filters as resultsFilter: local days inclusive, default the last seven; withdrawn
 * registrations do not count; corrected ones are not in the roll-up.
 */
export async function results(db: Db, query: ResultsQuery, scope: Scope, now = new Date()): Promise<Results> {
  const q = resultsQuerySchema.parse(query);
  const to = q.to ?? localDate(now);
  const from = q.from ?? addDays(to, -6);
  const conditions: SQL[] = [
    inPatientScope(scope, d.entityId, d.patientId),
    gte(d.day, from),
    lte(d.day, to),
    ne(d.status, WITHDRAWN_STATUS),
  ];
  if (q.departmentId) conditions.push(eq(d.departmentId, q.departmentId));
  if (q.patientId) conditions.push(eq(d.patientId, q.patientId));
  if (q.medicationId) conditions.push(eq(d.medicationId, q.medicationId));
  if (q.status) conditions.push(eq(d.status, q.status));
  const column = GROUP_COLUMN[q.groupBy];
  const weeks = new Map<string, string>(); // isoWeekKey is date arithmetic: once per day, not per row
  const weekOf = (day: string) => weeks.get(day) ?? weeks.set(day, isoWeekKey(day)).get(day)!;
  const rows = await db
    .select({
      key: sql<string>`${column}::text`,
      status: d.status,
      count: sql<number>`sum(${d.count})::int`,
      late: sql<number>`sum(${d.late})::int`,
      awaiting: sql<number>`sum(${d.awaiting})::int`,
    })
    .from(d)
    .where(and(...conditions))
    .groupBy(column, d.status);
  return summariseResults(
    db,
    { from, to, groupBy: q.groupBy },
    q.groupBy === 'week' ? rows.map((row) => ({ ...row, key: weekOf(row.key) })) : rows,
  );
}
