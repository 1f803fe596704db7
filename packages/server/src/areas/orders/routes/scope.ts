import { apiErrorSchema } from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import { suppliedCareCentres, type OrderScope } from '../queries/index.ts';

export const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** A pharmacy sees the sent orders of the care centres it supplies. */
export async function pharmacyScope(request: FastifyRequest): Promise<OrderScope> {
  const pharmacyId = request.caller!.entityId;
  return {
    side: 'pharmacy',
    pharmacyId,
    careCentreIds: await suppliedCareCentres(request.server.db, pharmacyId),
  };
}

/** A care centre sees its own orders, drafts included. */
export const careCentreScope = (request: FastifyRequest): OrderScope => ({
  side: 'carecentre',
  entityId: request.caller!.entityId,
});
