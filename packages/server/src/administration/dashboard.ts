import type {
  AdministrationDashboard,
  AdministrationList,
  DepartmentOption,
  PlannedMoment,
} from '@zorgportaal/contract';
import { screenName } from '@zorgportaal/contract';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { buildDayList } from './day-list.ts';
import { isWithdrawn } from './rules.ts';

/**
 * Progress of one day list: planned timed moments, given, open, late, deviations, open checks.
 * Withdrawn registrations (undo, Status 'cancelled'; rules.ts) count as nothing: their moment is open.
 */
export function progressOf(list: AdministrationList) {
  const timed = list.Moments.filter((m) => !m.AsNeeded);
  const counted = (m: PlannedMoment) => m.Registrations.filter((r) => !isWithdrawn(r.Status));
  const registrations = list.Moments.flatMap(counted);
  return {
    Planned: timed.length,
    Given: timed.filter((m) => counted(m).some((r) => r.Status === 'given' || r.Status === 'partial')).length,
    Open: timed.filter((m) => counted(m).length === 0).length,
    Late: timed.filter((m) => m.Late || counted(m).some((r) => r.Late)).length,
    Deviations: registrations.filter((r) => r.Status !== 'given').length,
    AwaitingDoubleCheck: registrations.filter((r) => r.AwaitingDoubleCheck).length,
  };
}

/** The dashboard: per visible department the day's progress, open double checks, patients without consent. */
export async function buildDashboard(
  db: Db,
  departments: DepartmentOption[],
  scope: number[],
  date: string,
  now: Date,
): Promise<AdministrationDashboard> {
  const progress = [];
  for (const department of departments) {
    const list = await buildDayList(db, department, date, now);
    progress.push({
      DepartmentId: department.Id,
      DepartmentName: department.Name,
      EntityId: department.EntityId,
      ...progressOf(list),
    });
  }
  const withoutConsent = await db
    .select({ id: t.patients.id, person: t.persons, department: t.departments.name })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .innerJoin(t.departments, eq(t.departments.id, t.patients.departmentId))
    .where(
      and(
        inArray(t.patients.entityId, scope),
        ne(t.patients.consentStatus, 'given'),
        eq(t.persons.deleted, false),
      ),
    )
    .orderBy(asc(t.departments.name), asc(t.persons.lastName));
  return {
    Date: date,
    Departments: progress,
    // The same definition as the rows (that day's effective registrations waiting for a check), so the
    // total is their sum; a separate undated count once showed yesterday's open checks beside rows of 0.
    AwaitingDoubleCheck: progress.reduce((sum, d) => sum + d.AwaitingDoubleCheck, 0),
    PatientsWithoutConsent: withoutConsent.map((p) => ({
      PatientId: p.id,
      ScreenName: screenName({
        FirstNames: p.person.firstNames,
        LastName: { Prefix: p.person.lastNamePrefix, LastName: p.person.lastName },
      }),
      DepartmentName: p.department,
    })),
  };
}
