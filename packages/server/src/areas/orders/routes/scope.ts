import { apiErrorSchema } from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import { pharmacyOrderScope, type OrderScope } from '../queries/index.ts';
import { callerOf } from '../../../platform/scope.ts';

export const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };

/** A pharmacy sees the sent orders of the care centres it supplies. */
export const pharmacyScope = (request: FastifyRequest): Promise<OrderScope> =>
  pharmacyOrderScope(request.server.db, callerOf(request).entityId);

/** A care centre sees its own orders, drafts included. */
export const careCentreScope = (request: FastifyRequest): OrderScope => ({
  side: 'carecentre',
  entityId: callerOf(request).entityId,
});
