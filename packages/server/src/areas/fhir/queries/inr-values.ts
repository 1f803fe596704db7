import { asc, count, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import type { DateBound } from '../params.ts';
import * as t from '../tables.ts';
import { allOf, type CommonFilter, commonConditions, dateConditions, type Page, whereAll } from './where.ts';

export interface InrFilter extends CommonFilter {
  patientIds?: number[][];
  bsns?: string[][];
  measuredAt?: DateBound[];
}

const v = t.inrValues;

const where = (scope: Scope, filter: InrFilter, page: Page | null): SQL | undefined =>
  whereAll([
    inPatientScope(scope, t.patients.entityId, v.patientId),
    ...allOf(v.patientId, filter.patientIds),
    ...allOf(t.patients.bsn, filter.bsns),
    ...dateConditions(v.measuredAt, filter.measuredAt),
    // INR values are never updated: a value's last change is its entry.
    ...commonConditions(v.id, v.createdAt, filter, page),
  ]);

/** INR values of clients in `scope`, by id, with the range and interpretation of their moment. */
export function findInrValues(db: Db, scope: Scope, filter: InrFilter, page: Page) {
  return db
    .select({ value: v })
    .from(v)
    .innerJoin(t.patients, eq(t.patients.id, v.patientId))
    .where(where(scope, filter, page))
    .orderBy(asc(v.id))
    .limit(page.limit);
}

export type InrRow = Awaited<ReturnType<typeof findInrValues>>[number];

export async function countInrValues(db: Db, scope: Scope, filter: InrFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(v)
    .innerJoin(t.patients, eq(t.patients.id, v.patientId))
    .where(where(scope, filter, null));
  return row?.n ?? 0;
}
