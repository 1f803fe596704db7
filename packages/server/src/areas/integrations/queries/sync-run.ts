import type { IntegrationOutcome, ReportLineAction } from '@zorgportaal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';

/** One line of a run's report: what happened to one source record. */
export interface ReportLine {
  reference: string;
  action: ReportLineAction;
  reason: string | null;
  patientId: number | null;
}

/** A stored client the source names by BSN, with their person's fields (deleted persons too). */
export interface ExistingClient {
  patientId: number;
  personId: number;
  departmentId: number;
  deleted: boolean;
  firstNames: string;
  lastNamePrefix: string | null;
  lastName: string;
  dateOfBirth: string | null;
  customerName: string | null;
}

/** The run's report, written first so a run that breaks off still has one; returns its id. */
export async function startReport(
  db: Db,
  run: { entityId: number; integrationId: number; startedBy: number | null; startedByName: string },
): Promise<number> {
  const [report] = await db
    .insert(t.integrationReports)
    .values(run)
    .returning({ id: t.integrationReports.id });
  return report!.id;
}

/** The organisation's own departments: only ward mappings to these count. */
export async function ownDepartmentIds(db: Db, entityId: number): Promise<Set<number>> {
  const own = await db
    .select({ id: t.departments.id })
    .from(t.departments)
    .where(eq(t.departments.entityId, entityId));
  return new Set(own.map((d) => d.id));
}

/** The organisation's patients with these BSNs, with their person's fields (deleted persons too). */
export async function existingByBsn(
  db: Db,
  entityId: number,
  bsns: string[],
): Promise<Map<string, ExistingClient>> {
  if (bsns.length === 0) return new Map();
  const rows = await db
    .select({
      bsn: t.patients.bsn,
      patientId: t.patients.id,
      personId: t.persons.id,
      departmentId: t.patients.departmentId,
      deleted: t.persons.deleted,
      firstNames: t.persons.firstNames,
      lastNamePrefix: t.persons.lastNamePrefix,
      lastName: t.persons.lastName,
      dateOfBirth: t.persons.dateOfBirth,
      customerName: t.persons.customerName,
    })
    .from(t.patients)
    .innerJoin(t.persons, eq(t.persons.id, t.patients.personId))
    .where(and(eq(t.patients.entityId, entityId), inArray(t.patients.bsn, bsns)));
  // The rows matched one of the BSNs, so none is a purged client's (null).
  return new Map(rows.flatMap(({ bsn, ...rest }) => (bsn === null ? [] : [[bsn, rest] as const])));
}

/** Stores the report's lines and its totals and outcome: the run is finished. */
export async function finishReport(
  db: Db,
  reportId: number,
  lines: readonly ReportLine[],
  outcome: IntegrationOutcome,
  message: string | null,
): Promise<void> {
  const count = (action: ReportLineAction) => lines.filter((l) => l.action === action).length;
  // Lines in chunks: one statement per 500 rows keeps the parameter count well under the limit.
  for (let i = 0; i < lines.length; i += 500)
    await db
      .insert(t.integrationReportLines)
      .values(lines.slice(i, i + 500).map((line, j) => ({ reportId, seq: i + j + 1, ...line })));
  await db
    .update(t.integrationReports)
    .set({
      finishedAt: new Date(),
      outcome,
      created: count('created'),
      updated: count('updated'),
      unchanged: count('unchanged'),
      refused: count('refused'),
      message,
    })
    .where(eq(t.integrationReports.id, reportId));
}
