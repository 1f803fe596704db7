import { apiErrorSchema, idParamSchema, type AuditAction, type AuditObjectType } from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import { refuseNotFound } from '../../../platform/errors.ts';
import { findScopedPatient } from '../queries.ts';
import { trombosisScopeOf } from '../scope.ts';

export const params = idParamSchema;
export const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

/**
 * The patient of the request when the caller may read (or, with `write`, change) its trombosis data;
 * otherwise 404 and a `refused` log entry, the same for a missing and a foreign patient.
 */
export async function patientFor(
  request: FastifyRequest,
  id: number,
  objectType: AuditObjectType,
  action: AuditAction,
  write = false,
) {
  const scope = await trombosisScopeOf(request);
  const patient = await findScopedPatient(request.server.db, id, write ? scope.write : scope.read);
  if (!patient) return refuseNotFound(request, objectType, id, action);
  return { patient, canWrite: scope.write.includes(patient.EntityId) };
}

/** One `success` audit entry about a patient's trombosis data. */
export const audit = (
  request: FastifyRequest,
  action: AuditAction,
  objectType: AuditObjectType,
  objectId: number,
  patientId: number,
  fields?: readonly string[],
) =>
  request.server.audit.record(request, {
    action,
    outcome: 'success',
    objectType,
    objectId,
    patientId,
    ...(fields ? { changedFields: fields } : {}),
  });
