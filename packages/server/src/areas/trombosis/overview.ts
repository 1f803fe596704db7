import type { TrombosisDashboard, TrombosisPatient } from '@zorgportaal/contract';
import { localDate } from '../../platform/time.ts';
import type { Db } from '../../platform/db/client.ts';
import {
  criticalValuesSince,
  inrValuesOf,
  latestInrValues,
  schemesOf,
  scopedPatients,
  targetRangesOf,
} from './queries.ts';
import { coumarinMismatches } from './coumarin-mismatch.ts';
import { inForceOn } from './mappers.ts';
import { rosendaal, type TtrPoint } from './ttr.ts';

const DAY_MS = 86_400_000;
/** Critical values stay on the dashboard this long. */
export const CRITICAL_WINDOW_DAYS = 7;
/** TTR is computed over this many months. */
export const TTR_MONTHS = 6;

/** The first day of the TTR window: the same day `months` months back. */
export function monthsBack(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

const byPatient = <T extends { patientId: number }>(rows: readonly T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.patientId, [...(map.get(row.patientId) ?? []), row]);
  return map;
};

/**
 * The trombosis overview of the scope's patients. A patient's next check is the one of the newest
 * scheme; the check is done once an INR value is measured after that scheme was entered. Until then it
 * is due on its date and overdue after it.
 */
export async function patientOverview(db: Db, scope: number[], now: Date): Promise<TrombosisPatient[]> {
  const patients = await scopedPatients(db, scope);
  const ids = patients.map((p) => p.Id);
  const [ranges, latest, schemes] = await Promise.all([
    targetRangesOf(db, ids),
    latestInrValues(db, ids),
    schemesOf(db, ids),
  ]);
  const today = localDate(now);
  const rangeOf = byPatient(ranges);
  const lastOf = new Map(latest.map((v) => [v.patientId, v]));
  const schemesByPatient = byPatient(schemes);
  return patients.map((p): TrombosisPatient => {
    const range = rangeOf.get(p.Id)?.[0];
    const last = lastOf.get(p.Id);
    const own = schemesByPatient.get(p.Id) ?? [];
    const newest = own[0];
    const current = inForceOn(own, today) ?? newest;
    const done = newest && last ? last.measuredAt > newest.createdAt : false;
    const status = !newest
      ? null
      : done
        ? null
        : newest.nextCheck === today
          ? 'due'
          : newest.nextCheck < today
            ? 'overdue'
            : 'planned';
    return {
      Id: p.Id,
      ScreenName: p.ScreenName,
      DateOfBirth: p.DateOfBirth,
      EntityName: p.EntityName,
      DepartmentName: p.DepartmentName,
      TargetRange: range ? { Low: range.lowTenths / 10, High: range.highTenths / 10 } : null,
      Drug: current?.drug ?? null,
      LastInr: last
        ? {
            Value: last.valueTenths / 10,
            MeasuredAt: last.measuredAt.toISOString(),
            Interpretation: last.interpretation,
          }
        : null,
      NextCheck: newest?.nextCheck ?? null,
      CheckStatus: status,
    };
  });
}

/** TTR per patient over the window and overall (all patients' time together), in percent. */
export async function ttrOf(db: Db, patientIds: number[], from: string) {
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  // One value before the window starts is needed to interpolate into it.
  const values = await inrValuesOf(db, patientIds, new Date(fromMs - 90 * DAY_MS));
  let inRange = 0;
  let total = 0;
  const rows: { patientId: number; ttr: number }[] = [];
  for (const [patientId, own] of byPatient(values)) {
    const points: TtrPoint[] = own.map((v) => ({
      at: v.measuredAt.getTime(),
      value: v.valueTenths / 10,
      low: v.lowTenths / 10,
      high: v.highTenths / 10,
    }));
    const r = rosendaal(points, fromMs);
    if (r.total === 0) continue;
    inRange += r.inRange;
    total += r.total;
    rows.push({ patientId, ttr: Math.round((r.inRange / r.total) * 1000) / 10 });
  }
  return { overall: total > 0 ? Math.round((inRange / total) * 1000) / 10 : null, rows };
}

export async function trombosisDashboard(db: Db, scope: number[], now: Date): Promise<TrombosisDashboard> {
  const today = localDate(now);
  const overview = await patientOverview(db, scope, now);
  const names = new Map(overview.map((p) => [p.Id, p]));
  const enrolled = overview.filter((p) => p.Drug !== null || p.LastInr !== null);
  const critical = await criticalValuesSince(
    db,
    scope,
    new Date(now.getTime() - CRITICAL_WINDOW_DAYS * DAY_MS),
  );
  const mismatches = await coumarinMismatches(
    db,
    overview.map((p) => p.Id),
    now,
  );
  const from = monthsBack(today, TTR_MONTHS);
  const ttr = await ttrOf(
    db,
    enrolled.map((p) => p.Id),
    from,
  );
  return {
    Today: today,
    DueToday: enrolled.filter((p) => p.CheckStatus === 'due'),
    Overdue: enrolled
      .filter((p) => p.CheckStatus === 'overdue')
      .sort((a, b) => (a.NextCheck ?? '').localeCompare(b.NextCheck ?? '')),
    Critical: critical.map((c) => ({
      PatientId: c.patientId,
      ScreenName: names.get(c.patientId)?.ScreenName ?? '',
      EntityName: names.get(c.patientId)?.EntityName ?? '',
      Value: c.valueTenths / 10,
      MeasuredAt: c.measuredAt.toISOString(),
    })),
    Ttr: {
      Overall: ttr.overall,
      From: from,
      Rows: ttr.rows.map((r) => ({
        PatientId: r.patientId,
        ScreenName: names.get(r.patientId)?.ScreenName ?? '',
        Ttr: r.ttr,
      })),
    },
    Mismatches: overview.flatMap((p) => {
      const mismatch = mismatches.get(p.Id);
      return mismatch
        ? [{ ...mismatch, PatientId: p.Id, ScreenName: p.ScreenName, EntityName: p.EntityName }]
        : [];
    }),
  };
}
