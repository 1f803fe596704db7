import {
  type Medication,
  type MedicationSearchQuery,
  medicationSearchQuerySchema,
} from '@zorgportaal/contract';
import { asc, ilike, or } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { toMedication } from '../medication-mapper.ts';
import { medications } from '../tables.ts';

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
