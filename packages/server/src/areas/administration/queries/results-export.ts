import { RESULTS_CSV_COLUMNS, type ResultsQuery } from '@zorgportaal/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { personNameSql } from '../../persons/public.ts';
import * as t from '../tables.ts';
import { loadUsers } from './users.ts';
import { resultsFilter } from './results-filter.ts';
import { isLate } from '../rules.ts';

/** An export is for a spreadsheet, not a backup: beyond this, narrow the period or the filters. */
export const MAX_EXPORT_ROWS = 100_000;

/**
 * One CSV cell: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never runs
 * a free-text field as a formula (CSV injection, OWASP).
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The filtered registrations as CSV (';' separated, as Dutch spreadsheets expect), oldest first. */
export async function resultsCsv(db: Db, query: ResultsQuery, scope: number[], now = new Date()) {
  const filter = resultsFilter(query, scope, now);
  const a = t.administrations;
  const rows = await db
    // The client's name, not the person's row: that also holds the photo (a data URL of up to 300 KB).
    .select({
      a,
      department: t.departments.name,
      patientName: personNameSql(t.persons, sql`''`),
      medication: t.medications.name,
    })
    .from(a)
    .innerJoin(t.departments, eq(t.departments.id, a.departmentId))
    .innerJoin(t.patients, eq(t.patients.id, a.patientId))
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .innerJoin(t.medications, eq(t.medications.id, a.medicationId))
    .where(filter.where)
    .orderBy(asc(a.momentAt), asc(a.id))
    .limit(MAX_EXPORT_ROWS);
  const users = await loadUsers(
    db,
    rows.flatMap((r) => [r.a.recordedBy, r.a.doubleCheckBy]),
  );
  const lines = rows.map(({ a: r, department, patientName, medication }) =>
    [
      r.id,
      department,
      patientName,
      medication,
      r.scheduledAt?.toISOString() ?? null,
      r.administeredAt?.toISOString() ?? null,
      r.status,
      r.deviationReason,
      r.deviationText,
      isLate(r.scheduledAt, r, now),
      users.get(r.recordedBy)?.Username ?? null,
      r.doubleCheckBy === null ? null : (users.get(r.doubleCheckBy)?.Username ?? null),
      r.correctsId,
      r.timingReason,
    ]
      .map(csvCell)
      .join(';'),
  );
  return {
    filter,
    rowCount: rows.length,
    csv: [RESULTS_CSV_COLUMNS.join(';'), ...lines].join('\r\n') + '\r\n',
  };
}
