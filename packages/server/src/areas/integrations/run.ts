import { AUDIT_ACTIONS, AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditEvent } from '../../platform/audit.ts';
import { runMp9Sync } from './mp9.ts';
import { findReport, type IntegrationRow } from './queries/index.ts';
import { runMijnCaressSync } from './sync.ts';
import type { RunOptions } from './run-support.ts';

/** The role an audit entry of a scheduled run carries: the integration acted, no user. */
export const INTEGRATION_ROLE = 'Koppeling';
/** Who a scheduled run's report names as its starter. */
export const SCHEDULE_STARTER = 'Planning';

/** Who started a run: a user by hand (its request), or the scheduler. */
export type RunStarter = { request: FastifyRequest } | { scheduled: true };

/** Where a run's audit entries go: on the user's request, or as the integration itself (no request, no IP). */
function auditSink(app: FastifyInstance, integration: IntegrationRow, starter: RunStarter) {
  const tag = (event: AuditEvent): AuditEvent => ({
    ...event,
    detail: { ...event.detail, integration: integration.id },
  });
  if ('request' in starter)
    return (events: AuditEvent[]) => app.audit.recordMany(starter.request, events.map(tag));
  const actor = {
    userId: null,
    username: integration.name,
    entityId: integration.entityId,
    role: INTEGRATION_ROLE,
  };
  return (events: AuditEvent[]) => app.audit.recordJob(events.map((e) => ({ ...tag(e), actor })));
}

/**
 * Runs an integration once, by hand or on its schedule, and writes its audit entries: the run itself (one
 * `integration_sync` entry with the counts and every client it touched) and what it wrote (clients for
 * `mijncaress`, agreements for `mp9`). The report is written whatever happens. Returns the report's id.
 */
export async function runIntegration(
  app: FastifyInstance,
  integration: IntegrationRow,
  starter: RunStarter,
): Promise<number> {
  const caller = 'request' in starter ? starter.request.caller! : null;
  const opts: RunOptions = {
    secretKey: app.config.secretKey,
    allowedHosts: app.config.integrationHosts ?? [],
    accountId: caller?.accountId ?? null,
    accountName: caller?.username ?? SCHEDULE_STARTER,
  };
  const audit = auditSink(app, integration, starter);
  let reportId: number;
  const written: AuditEvent[] = [];
  if (integration.type === 'mp9') {
    reportId = (await runMp9Sync(app.db, integration, opts, audit)).reportId;
  } else {
    const run = await runMijnCaressSync(app.db, integration, opts);
    reportId = run.reportId;
    written.push(
      ...run.changes.map((change) => ({
        action: change.action === 'created' ? AUDIT_ACTIONS.create : AUDIT_ACTIONS.update,
        outcome: 'success' as const,
        objectType: AUDIT_OBJECTS.patient,
        objectId: change.patientId,
        patientId: change.patientId,
        ...(change.action === 'updated' ? { changedFields: change.changedFields } : {}),
        detail: { report: reportId },
      })),
    );
  }
  const { report, lines } = (await findReport(app.db, integration.entityId, reportId))!;
  await audit([
    {
      action: AUDIT_ACTIONS.execute,
      outcome: report.outcome === 'failure' ? 'failure' : 'success',
      objectType: AUDIT_OBJECTS.integration_sync,
      objectId: integration.id,
      relatedPatientIds: lines.flatMap((l) => (l.patientId === null ? [] : [l.patientId])),
      detail: {
        report: reportId,
        type: integration.type,
        scheduled: !('request' in starter),
        created: report.created,
        updated: report.updated,
        unchanged: report.unchanged,
        refused: report.refused,
      },
    },
    ...written,
  ]);
  return reportId;
}
