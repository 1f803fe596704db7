import type { MedicationDashboardRow } from '@zorgportaal/contract';
import { and, count, eq, type SQL, type Subquery } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import type { Scope } from '../../../platform/scope.ts';
import { inPatientScope } from '../../medication/public.ts';
import { personNameSql } from '../../persons/public.ts';
import { departments, entities, patients, persons } from '../tables.ts';
import type { Week } from '../week.ts';

/** What every list is computed for: the caller's scope, this week, the moment and its day. */
export interface DashboardContext {
  scope: Scope;
  week: Week;
  now: Date;
  today: string;
}

/** One list of the dashboard: its figure and (at most `limit` of) its rows. */
export interface DashboardList {
  count(db: Db, ctx: DashboardContext): Promise<number>;
  rows(db: Db, ctx: DashboardContext, limit: number): Promise<MedicationDashboardRow[]>;
}

/** A list's query, before its rows are limited: the rows and the figure both run it. */
interface ListQuery<R> {
  limit(limit: number): PromiseLike<R[]>;
  as(alias: string): Subquery;
}

/**
 * A list from its one query: the figure is `count(*)` over that very query, the rows its first `limit`
 * rows, so a tile is the length of the list it opens.
 */
export function dashboardList<R>(
  query: (db: Db, ctx: DashboardContext) => ListQuery<R>,
  toRow: (row: R) => MedicationDashboardRow,
): DashboardList {
  return {
    async count(db, ctx) {
      const [row] = await db.select({ n: count() }).from(query(db, ctx).as('list'));
      return row?.n ?? 0;
    },
    async rows(db, ctx, limit) {
      return (await query(db, ctx).limit(limit)).map(toRow);
    },
  };
}

/** The client of a row: in the caller's scope (own, supplied, or GP for) and not in the trash. */
export const clientVisible = (scope: Scope): SQL =>
  and(inPatientScope(scope, patients.entityId, patients.id), eq(persons.deleted, false))!;

/** The columns that name the client of a row. */
export const clientFields = {
  PatientId: patients.id,
  PatientName: personNameSql(persons, ''),
  DepartmentName: departments.name,
  EntityName: entities.name,
};

/** A row with nothing but its client: each list fills in what it is about. */
export const clientRow = (client: {
  PatientId: number;
  PatientName: string;
  DepartmentName: string;
  EntityName: string;
}): MedicationDashboardRow => ({
  ...client,
  AgreementId: null,
  Medication: null,
  Prescriber: null,
  At: null,
  Reason: null,
  StopType: null,
  InterimKind: null,
  Roll: null,
  ConsentStatus: null,
  Allergies: [],
});
