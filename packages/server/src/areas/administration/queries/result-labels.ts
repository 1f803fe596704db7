import type { ResultGrouping } from '@zorgportaal/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { personNameSql } from '../../persons/public.ts';
import * as t from '../tables.ts';

/** Display labels of the group keys; statuses, days and weeks are their own label (translated by the client). */
export async function groupLabels(
  db: Db,
  groupBy: ResultGrouping,
  keys: string[],
): Promise<Map<string, string>> {
  const ids = keys.map(Number).filter(Number.isInteger);
  if (ids.length === 0) return new Map();
  switch (groupBy) {
    case 'department': {
      const rows = await db
        .select({ id: t.departments.id, label: t.departments.name })
        .from(t.departments)
        .where(inArray(t.departments.id, ids));
      return new Map(rows.map((r) => [String(r.id), r.label]));
    }
    case 'medication': {
      const rows = await db
        .select({ id: t.medications.id, label: t.medications.name })
        .from(t.medications)
        .where(inArray(t.medications.id, ids));
      return new Map(rows.map((r) => [String(r.id), r.label]));
    }
    case 'patient': {
      const rows = await db
        .select({ id: t.patients.id, label: personNameSql(t.persons, sql`''`) })
        .from(t.patients)
        .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
        .where(inArray(t.patients.id, ids));
      return new Map(rows.map((r) => [String(r.id), r.label]));
    }
    default:
      return new Map();
  }
}
