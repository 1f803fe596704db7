import type { Medication, RiskCategory } from '@zorgportaal/contract';
import type { medications } from './tables.ts';

export type MedicationRow = typeof medications.$inferSelect;

/** A catalogue row → the Medication JSON (PascalCase, domain.md). */
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
