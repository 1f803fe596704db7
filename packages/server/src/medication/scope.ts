import { AUDIT_ACTIONS, type AuditAction, type AuditObjectType } from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { networkLinks } from '../db/schema/index.ts';
import { notFound } from '../plugins/app/api-errors.ts';
import type { Caller } from '../types.ts';

/**
 * The organisations whose patients the caller may see (security.md, tenant isolation): its own,
 * and for a pharmacy the care centres it supplies through an active network link. Nobody else.
 */
export async function visibleEntityIds(db: Db, caller: Caller): Promise<number[]> {
  const supplied = await db
    .select({ id: networkLinks.toEntityId })
    .from(networkLinks)
    .where(
      and(
        eq(networkLinks.fromEntityId, caller.entityId),
        eq(networkLinks.role, 'supplies'),
        eq(networkLinks.active, true),
      ),
    );
  return [caller.entityId, ...supplied.map((l) => l.id)];
}

/** The visible entities of the request's caller, computed once per request. */
export async function scopeOf(request: FastifyRequest): Promise<number[]> {
  const cached = (request as { medicationScope?: number[] }).medicationScope;
  if (cached) return cached;
  const scope = await visibleEntityIds(request.server.db, request.caller!);
  (request as { medicationScope?: number[] }).medicationScope = scope;
  return scope;
}

/**
 * Answers 404 for an object outside the caller's scope (or missing) and logs the attempt with
 * outcome 'refused' (ASVS 8.2.2): a 403 would tell the caller the object exists elsewhere.
 */
export async function refuse(
  request: FastifyRequest,
  objectType: AuditObjectType,
  objectId: string | number,
  action: AuditAction = AUDIT_ACTIONS.read,
): Promise<never> {
  await request.server.audit.record(request, { action, outcome: 'refused', objectType, objectId });
  throw notFound();
}
