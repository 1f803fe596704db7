import type { DepartmentOption, Flowchart } from '@zorgportaal/contract';
import { and, eq, gte, inArray, or } from 'drizzle-orm';
import { isWithdrawn } from '../rules.ts';
import { agreementsInForce, buildDayList } from './day-list.ts';
import { dayBounds } from '../../../platform/time.ts';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';

const WEEK_MS = 7 * 86_400_000;

/**
 * Live counts per step of the medication process for one department and day (domain.md "Flowchart").
 * "pharmacy_check" counts what the pharmacy has to check: agreements started or created in the last week.
 */
export async function buildFlowchart(
  db: Db,
  department: DepartmentOption,
  date: string,
  now: Date,
): Promise<Flowchart> {
  const day = dayBounds(date);
  const patients = await db
    .select({ id: t.patients.id })
    .from(t.patients)
    .where(eq(t.patients.departmentId, department.Id));
  const ids = patients.map((p) => p.id);
  const inForce = ids.length ? await agreementsInForce(db, ids, day.start, day.end) : [];
  const weekAgo = new Date(Math.min(now.getTime(), day.end.getTime()) - WEEK_MS);
  const recent = ids.length
    ? await db
        .select({ id: t.medicationAgreements.id })
        .from(t.medicationAgreements)
        .where(
          and(
            inArray(t.medicationAgreements.patientId, ids),
            or(gte(t.medicationAgreements.startAt, weekAgo), gte(t.medicationAgreements.createdAt, weekAgo)),
          ),
        )
    : [];
  const list = await buildDayList(db, department, date, now);
  // A withdrawn (undone) registration is no registration (rules.ts, isWithdrawn).
  const registrations = list.Moments.flatMap((m) => m.Registrations).filter((r) => !isWithdrawn(r.Status));
  return {
    DepartmentId: department.Id,
    DepartmentName: department.Name,
    Date: date,
    Steps: [
      { Key: 'prescribe', Count: inForce.length },
      { Key: 'pharmacy_check', Count: recent.length },
      { Key: 'dispense_gds', Count: inForce.filter((f) => f.agreement.distributionForm === 'gds').length },
      {
        Key: 'dispense_loose',
        Count: inForce.filter((f) => f.agreement.distributionForm === 'loose').length,
      },
      { Key: 'administer', Count: list.Moments.filter((m) => !m.AsNeeded).length },
      {
        Key: 'register',
        Count: registrations.length,
        Detail: {
          given: registrations.filter((r) => r.Status === 'given').length,
          deviations: registrations.filter((r) => r.Status !== 'given').length,
          awaitingDoubleCheck: registrations.filter((r) => r.AwaitingDoubleCheck).length,
        },
      },
    ],
  };
}
