import { type DosageScheme, type InrValue, type TargetRange, weekTotal } from '@zorgportaal/contract';
import { addDays } from '../../platform/time.ts';
import type { InrValueRow, SchemeRow, TargetRangeRow } from './queries.ts';

/** DB rows → the trombosis JSON (PascalCase). Tenths become numbers with one decimal. */

const fromTenths = (tenths: number) => tenths / 10;

export const toTargetRange = (row: TargetRangeRow): TargetRange => ({
  Id: row.id,
  Group: row.targetGroup,
  Low: fromTenths(row.lowTenths),
  High: fromTenths(row.highTenths),
  ValidFrom: row.validFrom.toISOString(),
  SetBy: row.setBy,
});

export const toInrValue = (row: InrValueRow): InrValue => ({
  Id: row.id,
  PatientId: row.patientId,
  Value: fromTenths(row.valueTenths),
  MeasuredAt: row.measuredAt.toISOString(),
  Method: row.method,
  Note: row.note,
  TargetRange: { Low: fromTenths(row.lowTenths), High: fromTenths(row.highTenths) },
  Interpretation: row.interpretation,
  EnteredBy: row.enteredBy,
  EnteredAt: row.createdAt.toISOString(),
});

/** One scheme; `nextStart` is the start of the scheme that replaces it (rows newest first). */
export function toScheme(row: SchemeRow, nextStart: string | null): DosageScheme {
  const tablets = row.halvesPerDay.map((halves) => halves / 2);
  return {
    Id: row.id,
    PatientId: row.patientId,
    Drug: row.drug,
    ValidFrom: row.validFrom,
    ValidUntil: nextStart ? addDays(nextStart, -1) : null,
    TabletsPerDay: tablets,
    WeekTotalMg: weekTotal(row.drug, tablets).Mg,
    NextCheck: row.nextCheck,
    Note: row.note,
    TargetRange:
      row.lowTenths !== null && row.highTenths !== null
        ? { Low: fromTenths(row.lowTenths), High: fromTenths(row.highTenths) }
        : null,
    CreatedBy: row.createdBy,
    ServiceName: row.serviceName,
    ServicePhone: row.servicePhone,
    ServiceEmail: row.serviceEmail,
    CreatedAt: row.createdAt.toISOString(),
  };
}

/**
 * Schemes newest first (start desc, entry desc), each with its end: the day before the start of the row
 * above it. A newer scheme with the same start overrules the older one entirely (its end lies before its
 * start); a scheme with a later start still begins on its own date. History is never rewritten.
 */
export const toSchemes = (rows: readonly SchemeRow[]): DosageScheme[] =>
  rows.map((row, i) => toScheme(row, rows[i - 1]?.validFrom ?? null));

/** The scheme in force on `day` (rows newest first). */
export const inForceOn = (rows: readonly SchemeRow[], day: string): SchemeRow | undefined =>
  rows.find((row) => row.validFrom <= day);
