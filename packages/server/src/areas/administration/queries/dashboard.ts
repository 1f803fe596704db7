import {
  type AdministrationDashboard,
  type DepartmentOption,
  type PlannedMoment,
} from '@zorgportaal/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { type Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import { personNameSql } from '../../persons/public.ts';
import { buildDayList } from './day-list.ts';

/** The dashboard: per visible department the day's progress, open double checks, patients without consent. */
export async function buildDashboard(
  db: Db,
  departments: readonly DepartmentOption[],
  scope: Scope,
  date: string,
  now: Date,
): Promise<{ dashboard: AdministrationDashboard; moments: PlannedMoment[] }> {
  const progress = [];
  const moments: PlannedMoment[] = [];
  for (const department of departments) {
    const list = await buildDayList(db, department, date, now);
    moments.push(...list.Moments);
    progress.push({
      DepartmentId: department.Id,
      DepartmentName: department.Name,
      EntityId: department.EntityId,
      // The list's own Summary: the same computation the toedienlijst shows (day-progress.ts).
      ...list.Summary,
    });
  }
  const withoutConsent = await db
    .select({ id: t.patients.id, name: personNameSql(t.persons, sql`''`), department: t.departments.name })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .innerJoin(t.departments, eq(t.departments.id, t.patients.departmentId))
    .where(
      and(
        inPatientScope(scope, t.patients.entityId, t.patients.id),
        ne(t.patients.consentStatus, 'given'),
        eq(t.persons.deleted, false),
      ),
    )
    .orderBy(asc(t.departments.name), asc(t.persons.lastName));
  const dashboard = {
    Date: date,
    Departments: progress,
    // The sum of the rows (that day's registrations waiting for a check); a separate undated count once
    // showed yesterday's open checks beside rows of 0.
    AwaitingDoubleCheck: progress.reduce((sum, d) => sum + d.AwaitingDoubleCheck, 0),
    PatientsWithoutConsent: withoutConsent.map((p) => ({
      PatientId: p.id,
      ScreenName: p.name,
      DepartmentName: p.department,
    })),
  };
  return { dashboard, moments };
}
