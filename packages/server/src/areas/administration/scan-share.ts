import { type ResultsQuery, resultsQuerySchema, type Scanning } from '@zorgportaal/contract';
import type { Db } from '../../platform/db/client.ts';
import type { Scope } from '../../platform/scope.ts';
import { addDays, dayBounds, localDate } from '../../platform/time.ts';
import { givenPerDepartment, groupLabels, scanFigures } from './queries/index.ts';

const percentage = (count: number, total: number) =>
  total === 0 ? 0 : Math.round((count * 1000) / total) / 10;

/**
 * The results' "gescand" figures (docs/scanning.md) for the overview's period and filters: per department
 * the scans, the mismatches, and the share of given doses that followed a passing scan. Given doses come
 * from the same roll-up as the overview, so Given here is the overview's given count.
 */
export async function scanningOf(
  db: Db,
  query: ResultsQuery,
  scope: Scope,
  now = new Date(),
): Promise<Scanning> {
  const q = resultsQuerySchema.parse(query);
  const to = q.to ?? localDate(now);
  const from = q.from ?? addDays(to, -6);
  const period = { start: dayBounds(from).start, end: dayBounds(to).end };
  const filter = { departmentId: q.departmentId, patientId: q.patientId, medicationId: q.medicationId };
  const [figures, given] = await Promise.all([
    scanFigures(db, scope, period, filter),
    givenPerDepartment(db, scope, { from, to }, filter),
  ]);
  const keys = new Set([...figures.map((f) => f.departmentId), ...given.keys()]);
  const labels = await groupLabels(db, 'department', [...keys].map(String));
  const rows = [...keys].map((departmentId) => {
    const f = figures.find((x) => x.departmentId === departmentId);
    const Given = given.get(departmentId) ?? 0;
    const ScannedGiven = f?.scannedGiven ?? 0;
    return {
      Key: String(departmentId),
      Label: labels.get(String(departmentId)) ?? String(departmentId),
      Scans: f?.scans ?? 0,
      Mismatches: f?.mismatches ?? 0,
      Given,
      ScannedGiven,
      Percentage: percentage(ScannedGiven, Given),
    };
  });
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((n, row) => n + pick(row), 0);
  const total = { Given: sum((r) => r.Given), ScannedGiven: sum((r) => r.ScannedGiven) };
  return {
    Scans: sum((r) => r.Scans),
    Mismatches: sum((r) => r.Mismatches),
    ...total,
    Percentage: percentage(total.ScannedGiven, total.Given),
    ByDepartment: rows.sort((x, y) => x.Label.localeCompare(y.Label)),
  };
}
