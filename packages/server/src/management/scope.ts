import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditObjectType,
  type Permission,
} from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, HttpError, notFound } from '../plugins/app/api-errors.ts';
import type { Caller } from '../types.ts';

/** The authenticated caller; the auth hook guarantees it on every /api route. */
export const callerOf = (request: FastifyRequest): Caller => request.caller!;

/** The audit action of a refused request; POST here mostly changes (deactivate, restore), link passes C. */
const ACTION_OF_METHOD: Record<string, AuditAction> = {
  GET: AUDIT_ACTIONS.read,
  PUT: AUDIT_ACTIONS.update,
  POST: AUDIT_ACTIONS.update,
  DELETE: AUDIT_ACTIONS.delete,
};

/**
 * Tenant isolation (security.md, ASVS 8.2.2): an object that does not exist in the caller's entity
 * answers 404 — whether it is missing or belongs to another organisation, so ids reveal nothing —
 * and the attempt is written to the audit log as refused.
 */
export async function refuseNotFound(
  app: FastifyInstance,
  request: FastifyRequest,
  objectType: AuditObjectType,
  objectId: number,
  action: AuditAction = ACTION_OF_METHOD[request.method] ?? AUDIT_ACTIONS.update,
): Promise<never> {
  await app.audit.record(request, {
    action,
    outcome: 'refused',
    objectType,
    objectId,
    detail: { route: request.routeOptions.url, method: request.method },
  });
  throw notFound();
}

/** 422 for a request that is well-formed but breaks a business rule; `field` names the form field. */
export const unprocessable = (message: string, field?: string): HttpError =>
  new HttpError(422, 'VALIDATION_FAILED', message, field ? { Fields: { [field]: message } } : {});

/** 409 for a unique value that is taken (or a person that has an account already). */
export const conflict = (message: string, field?: string): HttpError =>
  new HttpError(409, 'CONFLICT', message, field ? { Fields: { [field]: message } } : {});

/** preHandler: 403 unless the caller holds at least one of the permissions. */
export const requireAnyPermission =
  (...permissions: Permission[]) =>
  async (request: FastifyRequest): Promise<void> => {
    if (!permissions.some((permission) => request.caller?.permissions.has(permission))) throw forbidden();
  };

/** 400 naming the field, for ids in a body that are not the caller's entity's (roles, teams, groups). */
export const invalidField = (message: string, field: string): HttpError =>
  new HttpError(400, 'VALIDATION_FAILED', 'De invoer is ongeldig.', { Fields: { [field]: message } });

/** 403 with a reason the administrator can act on. */
export const forbiddenBecause = (message: string, field?: string): HttpError =>
  new HttpError(403, 'FORBIDDEN', message, field ? { Fields: { [field]: message } } : {});

/** True for PostgreSQL's unique_violation (both drivers expose the SQLSTATE as `code`, maybe on `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
