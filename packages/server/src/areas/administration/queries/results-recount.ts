import {
  LATE_AFTER_MINUTES,
  type Results,
  type ResultsQuery,
  resultsQuerySchema,
} from '@zorgportaal/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { resultsFilter } from './results-filter.ts';
import { summariseResults } from '../results-summary.ts';
import { timeBuckets } from '../time-buckets.ts';

const a = t.administrations;
const GROUP_KEY: Record<'status' | 'department' | 'medication' | 'patient', SQL> = {
  status: sql`${a.status}`,
  department: sql`${a.departmentId}::text`,
  medication: sql`${a.medicationId}::text`,
  patient: sql`${a.patientId}::text`,
};

/**
 * The results overview counted from the registrations themselves, one GROUP BY over the period.
 * The reference the daily roll-up (results.ts) is checked against; not used to answer requests.
 */
export async function recountResults(
  db: Db,
  query: ResultsQuery,
  scope: number[],
  now = new Date(),
): Promise<Results> {
  const { groupBy } = resultsQuerySchema.parse(query);
  const filter = resultsFilter(query, scope, now);
  const buckets =
    groupBy === 'day' || groupBy === 'week' ? timeBuckets(groupBy, filter.from, filter.to) : null;
  const key = buckets ? buckets.bucketOf(sql`${a.momentAt}`) : GROUP_KEY[groupBy as keyof typeof GROUP_KEY];
  const rows = await db
    .select({
      key: sql<string>`(${key})::text`,
      status: a.status,
      count: sql<number>`count(*)::int`,
      late: sql<number>`(count(*) filter (where ${a.scheduledAt} is not null and ${a.status} in ('given', 'partial')
        and ${a.administeredAt} > ${a.scheduledAt} + make_interval(mins => ${LATE_AFTER_MINUTES})))::int`,
      awaiting: sql<number>`(count(*) filter (where ${a.doubleCheckRequired} and ${a.doubleCheckBy} is null))::int`,
    })
    .from(a)
    .where(filter.where)
    .groupBy(key, a.status);
  return summariseResults(
    db,
    { from: filter.from, to: filter.to, groupBy },
    rows.map((row) => ({ ...row, key: buckets ? buckets.label(Number(row.key)) : String(row.key) })),
  );
}
