import {
  type Medication,
  type MedicationSearchQuery,
  medicationSearchQuerySchema,
  type RiskCategory,
} from '@zorgportaal/contract';
import { asc, ilike, or } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { medications } from '../tables.ts';

export type MedicationRow = typeof medications.$inferSelect;

export function toMedication(row: MedicationRow): Medication {
  return {
    Id: row.id,
    Name: row.name,
    Substance: row.substance,
    Atc: row.atc,
    Hpk: row.hpk,
    Strength: { Value: row.strengthValue, Unit: row.strengthUnit },
    Form: row.form,
    Route: row.route,
    RiskCategories: row.riskCategories as RiskCategory[],
    GdsSuitable: row.gdsSuitable,
    Divisible: row.divisible,
  };
}

/** Catalogue search on name, substance and ATC code (the catalogue is small and global). */
export async function searchCatalogue(db: Db, query: MedicationSearchQuery): Promise<Medication[]> {
  const { q, limit } = medicationSearchQuerySchema.parse(query);
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select()
    .from(medications)
    .where(
      like
        ? or(ilike(medications.name, like), ilike(medications.substance, like), ilike(medications.atc, like))
        : undefined,
    )
    .orderBy(asc(medications.name))
    .limit(limit);
  return rows.map(toMedication);
}
