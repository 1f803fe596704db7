import { type AnyColumn, and, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { DateBound } from '../params.ts';

/** What every search query of this area filters on besides its own parameters. */
export interface CommonFilter {
  /** `_id`: each occurrence ANDed, its values ORed; an empty list matches nothing. */
  ids?: number[][];
  /** `_lastUpdated`. */
  lastUpdated?: DateBound[];
}

/** A page: rows with an id above `after`, at most `limit` (one more than asked, to know there is a next page). */
export interface Page {
  after: number | null;
  limit: number;
}

/** Each occurrence must match one of its values (FHIR: repeated parameters AND, commas OR). */
export function allOf<T>(column: AnyColumn | SQL, occurrences: T[][] | undefined): SQL[] {
  return (occurrences ?? []).map((values) =>
    values.length ? inArray(column as SQL, values as unknown[]) : sql`false`,
  );
}

/**
 * A date parameter's bounds on an instant column (FHIR R4 §3.1.1.5.9 for a point in time): eq within
 * the value's range, ge from its start, gt from its end, le before its end, lt before its start.
 */
export function dateConditions(column: AnyColumn | SQL, bounds: DateBound[] | undefined): SQL[] {
  return (bounds ?? []).map(({ prefix, start, end }) => {
    switch (prefix) {
      case 'eq':
        return sql`(${column} >= ${start.toISOString()} and ${column} < ${end.toISOString()})`;
      case 'ge':
        return sql`${column} >= ${start.toISOString()}`;
      case 'gt':
        return sql`${column} >= ${end.toISOString()}`;
      case 'le':
        return sql`${column} < ${end.toISOString()}`;
      case 'lt':
        return sql`${column} < ${start.toISOString()}`;
    }
  });
}

/** The common conditions and the keyset of a page, on the type's id column. */
export function commonConditions(
  idColumn: AnyColumn,
  lastUpdated: AnyColumn | SQL | null,
  filter: CommonFilter,
  page: Page | null,
): (SQL | undefined)[] {
  return [
    ...allOf(idColumn, filter.ids),
    ...(lastUpdated ? dateConditions(lastUpdated, filter.lastUpdated) : []),
    page?.after != null ? gt(idColumn, page.after) : undefined,
  ];
}

export const whereAll = (conditions: (SQL | undefined)[]) => and(...conditions);
