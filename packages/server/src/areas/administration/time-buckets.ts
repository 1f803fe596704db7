import { sql, type SQL } from 'drizzle-orm';
import { addDays, dayBounds, isoWeekKey, isoWeekday } from '../../platform/time.ts';

/**
 * Day or week buckets of a period in Dutch local time, for grouping in SQL. Converting every row to
 * local time (at time zone) costs more than the aggregate itself over a million rows; width_bucket
 * against precomputed UTC boundaries is a binary search per row and still exact on DST days.
 */
export function timeBuckets(unit: 'day' | 'week', from: string, to: string) {
  const labels: string[] = [];
  const starts: Date[] = [];
  let day = unit === 'week' ? addDays(from, 1 - isoWeekday(from)) : from;
  while (day <= to) {
    labels.push(unit === 'week' ? isoWeekKey(day) : day);
    starts.push(dayBounds(day).start);
    day = addDays(day, unit === 'week' ? 7 : 1);
  }
  const edges = [...starts, dayBounds(addDays(day, -1)).end];
  // ISO strings we generated ourselves: safe to inline, and one literal keeps the plan simple.
  const array = sql.raw(`array[${edges.map((e) => `'${e.toISOString()}'`).join(',')}]::timestamptz[]`);
  return {
    /** SQL: the 1-based bucket of a timestamp (0 before the first edge). */
    bucketOf: (column: SQL): SQL => sql`width_bucket(${column}, ${array})`,
    /** The label (YYYY-MM-DD or YYYY-Www) of a bucket number. */
    label: (bucket: number): string => labels[bucket - 1] ?? String(bucket),
  };
}
