import { asc, count, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { type CommonFilter, commonConditions, type Page, whereAll } from './where.ts';

/** One code a product must carry (`code`): ATC, HPK or GTIN; a code without a system may be any of them. */
export interface ProductCode {
  system: 'atc' | 'hpk' | 'gtin' | 'any';
  code: string;
}

export interface MedicationFilter extends CommonFilter {
  /** `code`: each occurrence ANDed, its codes ORed. */
  codes?: ProductCode[][];
}

function codeCondition({ system, code }: ProductCode): SQL {
  if (system === 'atc') return sql`${t.medications.atc} = ${code}`;
  if (system === 'hpk') return sql`${t.medications.hpk} = ${code}`;
  if (system === 'gtin') return sql`${t.medications.gtin} = ${code}`;
  return sql`(${t.medications.atc} = ${code} or ${t.medications.hpk} = ${code} or ${t.medications.gtin} = ${code})`;
}

const where = (filter: MedicationFilter, page: Page | null) =>
  whereAll([
    ...(filter.codes ?? []).map((codes) => (codes.length ? or(...codes.map(codeCondition)) : sql`false`)),
    ...commonConditions(t.medications.id, null, filter, page),
  ]);

/** Catalogue products (shared by every tenant: no scope) matching the filter, by id. */
export function findMedications(db: Db, filter: MedicationFilter, page: Page) {
  return db
    .select()
    .from(t.medications)
    .where(where(filter, page))
    .orderBy(asc(t.medications.id))
    .limit(page.limit);
}

export type MedicationRow = Awaited<ReturnType<typeof findMedications>>[number];

export async function countMedications(db: Db, filter: MedicationFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t.medications).where(where(filter, null));
  return row?.n ?? 0;
}

/** The products with these ids (what `_include=…:medication` adds to a page). */
export function medicationsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as MedicationRow[]);
  return db.select().from(t.medications).where(inArray(t.medications.id, ids)).orderBy(asc(t.medications.id));
}
