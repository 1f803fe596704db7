import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/** NEN 7513 action codes: Create, Read, Update, Delete, Execute (login, logout, export, …). */
export const AUDIT_ACTIONS = { create: 'C', read: 'R', update: 'U', delete: 'D', execute: 'E' } as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

export const AUDIT_OUTCOMES = {
  success: 'success',
  failure: 'failure',
  denied: 'denied',
  /** Access to another organisation's object (answered 404, security.md). */
  refused: 'refused',
} as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[keyof typeof AUDIT_OUTCOMES];

export interface AuditEvent {
  action: AuditAction;
  outcome: AuditOutcome;
  objectType: string;
  objectId?: string | number | null;
  patientId?: number | null;
  detail?: Record<string, unknown>;
  /** Who acted when there is no authenticated caller yet (login, failed login, refresh). */
  actor?: { userId: number | null; username: string | null; entityId: number | null; role?: string | null };
}

export interface AuditService {
  record(request: FastifyRequest, event: AuditEvent): Promise<void>;
  /** Several events of one request in a single multi-row INSERT (e.g. one per patient of a list); none: no query. */
  recordMany(request: FastifyRequest, events: readonly AuditEvent[]): Promise<void>;
}

/** The audit_log row of an event: the caller and the IP come from the request unless `actor` says otherwise. */
function auditRow(request: FastifyRequest, event: AuditEvent): typeof auditLog.$inferInsert {
  const caller = request.caller;
  return {
    action: event.action,
    outcome: event.outcome,
    userId: event.actor?.userId ?? caller?.accountId ?? null,
    username: event.actor?.username ?? caller?.username ?? null,
    role: event.actor?.role ?? caller?.roles.join(', ') ?? null,
    entityId: event.actor?.entityId ?? caller?.entityId ?? null,
    ip: request.ip,
    objectType: event.objectType,
    objectId: event.objectId == null ? null : String(event.objectId),
    patientId: event.patientId ?? null,
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
  };
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('audit', createAuditService(app.db));
  },
  { name: 'audit', dependencies: ['db'] },
);
