import type { IntegrationBody } from '@zorgportaal/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { badRequest } from '../../../platform/errors.ts';
import { registerPurge } from '../../../platform/purge.ts';
import { sealSecret } from '../../../platform/secret-box.ts';
import { purgedUsername } from '../../persons/public.ts';

export type IntegrationRow = typeof t.integrations.$inferSelect;
export type ReportRow = typeof t.integrationReports.$inferSelect;
export type ReportLineRow = typeof t.integrationReportLines.$inferSelect;

/** The authenticated context of an integration's sealed key: a key copied to another organisation does not open. */
export const integrationSecretContext = (entityId: number): string => `integration:${entityId}`;

export async function listIntegrations(db: Db, entityId: number): Promise<IntegrationRow[]> {
  return db
    .select()
    .from(t.integrations)
    .where(eq(t.integrations.entityId, entityId))
    .orderBy(t.integrations.name, t.integrations.id);
}

/** The latest report of each of the given integrations. */
export async function latestReports(db: Db, integrationIds: number[]): Promise<Map<number, ReportRow>> {
  if (integrationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([t.integrationReports.integrationId])
    .from(t.integrationReports)
    .where(inArray(t.integrationReports.integrationId, integrationIds))
    .orderBy(t.integrationReports.integrationId, desc(t.integrationReports.id));
  return new Map(rows.map((row) => [row.integrationId, row]));
}

export async function findIntegration(
  db: Db,
  entityId: number,
  id: number,
): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(t.integrations)
    .where(and(eq(t.integrations.id, id), eq(t.integrations.entityId, entityId)));
  return row;
}

/** The organisation's active MijnCaress integration (the oldest when there are several), or undefined. */
export async function activeMijnCaressIntegration(
  db: Db,
  entityId: number,
): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .select()
    .from(t.integrations)
    .where(
      and(
        eq(t.integrations.entityId, entityId),
        eq(t.integrations.type, 'mijncaress'),
        eq(t.integrations.active, true),
      ),
    )
    .orderBy(asc(t.integrations.id))
    .limit(1);
  return row;
}

/** Every mapped department must be one of the organisation's own: 400 naming the row otherwise. */
export async function checkDepartments(db: Db, entityId: number, body: IntegrationBody): Promise<void> {
  if (body.WardMapping.length === 0) return;
  const own = await db
    .select({ id: t.departments.id })
    .from(t.departments)
    .where(
      and(
        eq(t.departments.entityId, entityId),
        inArray(
          t.departments.id,
          body.WardMapping.map((m) => m.DepartmentId),
        ),
      ),
    );
  const ids = new Set(own.map((d) => d.id));
  const wrong = body.WardMapping.findIndex((m) => !ids.has(m.DepartmentId));
  if (wrong >= 0)
    throw badRequest('Kies een afdeling van uw eigen organisatie.', `WardMapping.${wrong}.DepartmentId`);
}

/** The columns of a body; the key only when one is sent (null removes it, absent keeps it). */
function columns(body: IntegrationBody, entityId: number, secretKey: string) {
  return {
    type: body.Type,
    name: body.Name,
    source: body.Source,
    schedule: body.Schedule,
    wardMapping: body.WardMapping.map((m) => ({ wardCode: m.WardCode, departmentId: m.DepartmentId })),
    active: body.Active,
    ...(body.Secret === undefined
      ? {}
      : {
          secretSealed:
            body.Secret === null
              ? null
              : sealSecret(body.Secret, secretKey, integrationSecretContext(entityId)),
        }),
  };
}

export async function insertIntegration(
  db: Db,
  entityId: number,
  body: IntegrationBody,
  secretKey: string,
): Promise<IntegrationRow> {
  const [row] = await db
    .insert(t.integrations)
    .values({
      entityId,
      ...columns(body, entityId, secretKey),
      // A scheduled integration runs first at the scheduler's next look, then on its interval.
      nextRunAt: body.Schedule === 'manual' ? null : new Date(),
    })
    .returning();
  return row!;
}

export async function updateIntegration(
  db: Db,
  entityId: number,
  id: number,
  body: IntegrationBody,
  secretKey: string,
): Promise<IntegrationRow | undefined> {
  const [row] = await db
    .update(t.integrations)
    .set({
      ...columns(body, entityId, secretKey),
      updatedAt: new Date(),
      // The same schedule keeps its next run; another one starts at the scheduler's next look.
      nextRunAt:
        body.Schedule === 'manual'
          ? null
          : sql`case when ${t.integrations.schedule} = ${body.Schedule} and ${t.integrations.nextRunAt} is not null then ${t.integrations.nextRunAt} else now() end`,
    })
    .where(and(eq(t.integrations.id, id), eq(t.integrations.entityId, entityId)))
    .returning();
  return row;
}

/** Deletes the integration with its reports (they describe runs of this link only). */
export async function deleteIntegration(db: Db, entityId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(t.integrations)
    .where(and(eq(t.integrations.id, id), eq(t.integrations.entityId, entityId)))
    .returning({ id: t.integrations.id });
  return rows.length > 0;
}

/** The ids of `ids` that are the organisation's own. */
export async function ownIntegrationIds(db: Db, entityId: number, ids: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: t.integrations.id })
    .from(t.integrations)
    .where(and(eq(t.integrations.entityId, entityId), inArray(t.integrations.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function setActive(db: Db, entityId: number, ids: number[], active: boolean): Promise<void> {
  await db
    .update(t.integrations)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(t.integrations.entityId, entityId), inArray(t.integrations.id, ids)));
}

export async function listReports(db: Db, entityId: number, integrationId: number): Promise<ReportRow[]> {
  return db
    .select()
    .from(t.integrationReports)
    .where(
      and(eq(t.integrationReports.entityId, entityId), eq(t.integrationReports.integrationId, integrationId)),
    )
    .orderBy(desc(t.integrationReports.id))
    .limit(200);
}

export async function findReport(
  db: Db,
  entityId: number,
  id: number,
): Promise<{ report: ReportRow; lines: ReportLineRow[] } | undefined> {
  const [report] = await db
    .select()
    .from(t.integrationReports)
    .where(and(eq(t.integrationReports.id, id), eq(t.integrationReports.entityId, entityId)));
  if (!report) return undefined;
  const lines = await db
    .select()
    .from(t.integrationReportLines)
    .where(eq(t.integrationReportLines.reportId, id))
    .orderBy(t.integrationReportLines.seq);
  return { report, lines };
}

/**
 * Run reports stay (counts and outcomes). A purged client's report lines lose the source's record id (the
 * ECD's id of the client, which identifies them there); their patient id stays, as everywhere. A run started
 * by a purged person loses the username copied onto it, in the form the accounts area gives a purged account.
 */
registerPurge('integrations', async (tx, { patientIds, accounts }) => {
  if (patientIds.length > 0)
    await tx
      .update(t.integrationReportLines)
      .set({ reference: 'verwijderd' })
      .where(inArray(t.integrationReportLines.patientId, [...patientIds]));
  for (const account of accounts)
    await tx
      .update(t.integrationReports)
      .set({ startedByName: purgedUsername(account.id) })
      .where(eq(t.integrationReports.startedBy, account.id));
});
