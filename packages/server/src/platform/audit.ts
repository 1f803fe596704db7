import { createHash } from 'node:crypto';
import {
  AUDIT_ACTIONS,
  AUDIT_OUTCOMES,
  type AuditAction,
  type AuditObjectType,
  type AuditOutcome,
} from '@zorgportaal/contract';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from './db/client.ts';
import { auditLog } from './db/schema/audit.ts';

/** A repeat of the same list view by the same session within this window writes no new entry. */
export const VIEW_REPEAT_WINDOW_MINUTES = 15;

export interface AuditEvent {
  action: AuditAction;
  outcome: AuditOutcome;
  objectType: AuditObjectType;
  objectId?: string | number | null;
  patientId?: number | null;
  /** The patients a list view showed: one entry links them all, so "who saw this client" finds it. */
  relatedPatientIds?: readonly number[];
  /** For a change: the names of the fields that changed (never their values). */
  changedFields?: readonly string[];
  detail?: Record<string, unknown>;
  /** Who acted when there is no authenticated caller yet (login, failed login, refresh). */
  actor?: { userId: number | null; username: string | null; entityId: number | null; role?: string | null };
}

/** A list view: `view` is what makes it a different view (filters, day, department, page). */
export interface AuditViewEvent extends Omit<AuditEvent, 'action' | 'outcome' | 'actor'> {
  view: Record<string, unknown>;
  relatedPatientIds: readonly number[];
}

export interface AuditService {
  record(request: FastifyRequest, event: AuditEvent): Promise<void>;
  /** Several events of one request in a single multi-row INSERT; none: no query. */
  recordMany(request: FastifyRequest, events: readonly AuditEvent[]): Promise<void>;
  /**
   * One read entry for a list view, unless the same session saw the very same view (same filters and
   * the same patients) in the last VIEW_REPEAT_WINDOW_MINUTES: an automatic refresh adds nothing.
   * A different day, department, filter or set of patients is a new view and a new entry (NEN 7513).
   */
  recordView(request: FastifyRequest, event: AuditViewEvent): Promise<boolean>;
}

/** Stable JSON (sorted keys), so the same view always gives the same key. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** The identity of a view by a session, hashed: the session id itself is not stored with it. */
export function viewKey(sessionId: string, event: AuditViewEvent): string {
  const patients = [...new Set(event.relatedPatientIds)].sort((a, b) => a - b);
  const identity = stableJson([sessionId, event.objectType, event.objectId ?? null, event.view, patients]);
  return createHash('sha256').update(identity).digest('base64url');
}

/** The audit_log row of an event: the caller and the IP come from the request unless `actor` says otherwise. */
function auditRow(request: FastifyRequest, event: AuditEvent): typeof auditLog.$inferInsert {
  const caller = request.caller;
  // A given actor is taken whole: its nulls mean "nobody named" (e.g. the partner's copy of a link change).
  const actor = event.actor ?? {
    userId: caller?.accountId ?? null,
    username: caller?.username ?? null,
    role: caller?.roles.join(', ') ?? null,
    entityId: caller?.entityId ?? null,
  };
  return {
    action: event.action,
    outcome: event.outcome,
    userId: actor.userId,
    username: actor.username,
    role: actor.role ?? null,
    entityId: actor.entityId,
    ip: request.ip,
    objectType: event.objectType,
    objectId: event.objectId == null ? null : String(event.objectId),
    patientId: event.patientId ?? null,
    relatedPatientIds: event.relatedPatientIds?.length ? [...new Set(event.relatedPatientIds)] : null,
    changedFields: event.changedFields ? [...event.changedFields] : null,
    detail: event.detail ?? null,
  };
}

/** One audit helper for the whole app (Medplum's createAuditEvent): the caller and the IP come from the request. */
export function createAuditService(db: Db): AuditService {
  return {
    async record(request, event) {
      await db.insert(auditLog).values(auditRow(request, event));
    },
    async recordMany(request, events) {
      if (events.length === 0) return;
      await db.insert(auditLog).values(events.map((event) => auditRow(request, event)));
    },
    async recordView(request, event) {
      const caller = request.caller!;
      const key = viewKey(caller.sessionId, event);
      // Served by audit_log_user_keyset_idx: this user's entries of the last minutes.
      const [seen] = await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityId, caller.entityId),
            eq(auditLog.userId, caller.accountId),
            gt(auditLog.eventAt, sql`now() - make_interval(mins => ${VIEW_REPEAT_WINDOW_MINUTES})`),
            eq(auditLog.viewKey, key),
          ),
        )
        .limit(1);
      if (seen) return false;
      const { view, ...rest } = event;
      await db.insert(auditLog).values({
        ...auditRow(request, {
          ...rest,
          action: AUDIT_ACTIONS.read,
          outcome: AUDIT_OUTCOMES.success,
          detail: { ...view, ...rest.detail },
        }),
        viewKey: key,
      });
      return true;
    },
  };
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('audit', createAuditService(app.db));
  },
  { name: 'audit', dependencies: ['db'] },
);
