import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  boundsOf,
  targetRangeBodySchema,
  targetRangeSchema,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changedFields } from '../../../platform/changed-fields.ts';
import { toTargetRange } from '../mappers.ts';
import { insertTargetRange, targetRangesOf } from '../queries.ts';
import { audit, errors, params, patientFor } from './patient.ts';
import { callerOf } from '../../../platform/scope.ts';

/** A patient's target range; the earlier ones stay in the history. */
const targetRangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/trombosis/patient/:id/targetrange',
    {
      schema: {
        tags: ['trombosis'],
        summary: 'Set the target range (group 1, group 2 or custom); the earlier ones stay in the history',
        params,
        body: targetRangeBodySchema,
        response: { 200: targetRangeSchema, ...errors },
      },
      preHandler: app.requirePermission('trombosis.write'),
    },
    async (request) => {
      const { id } = request.params;
      await patientFor(request, id, AUDIT_OBJECTS.inr_target_range, AUDIT_ACTIONS.update, true);
      const bounds = boundsOf(request.body);
      const [before] = await targetRangesOf(app.db, [id]);
      await insertTargetRange(app.db, {
        patientId: id,
        group: request.body.Group,
        low: bounds.Low,
        high: bounds.High,
        accountId: callerOf(request).accountId,
      });
      const [after] = await targetRangesOf(app.db, [id]);
      const current = toTargetRange(after!);
      const pick = (r: { Group: string; Low: number; High: number } | null) =>
        r ? { Group: r.Group, Low: r.Low, High: r.High } : { Group: null, Low: null, High: null };
      await audit(
        request,
        before ? AUDIT_ACTIONS.update : AUDIT_ACTIONS.create,
        AUDIT_OBJECTS.inr_target_range,
        current.Id,
        id,
        changedFields<Record<string, unknown>>(pick(before ? toTargetRange(before) : null), pick(current)),
      );
      return current;
    },
  );
};

export default targetRangeRoutes;
