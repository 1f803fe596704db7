import {
  apiErrorSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  idParamSchema,
  readScan,
  sachetScanAnswerSchema,
  sachetScanBodySchema,
  type SachetScanAnswer,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseNotFound, unprocessable } from '../../platform/errors.ts';
import { callerOf, scopeOf } from '../../platform/scope.ts';
import { localInstant } from '../../platform/time.ts';
import { clientNameInScope, rollForScan, rollHasSachetAt } from './queries/index.ts';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/**
 * A sachet scanned while the pharmacy lays out a roll (docs/scanning.md): it must be this roll's (its
 * client, this week's roll) and one of its moments. A mismatch is an answer (Passed false, a `refused`
 * audit entry), an unreadable code a 422 naming Code.
 */
const sachetScanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/baxter/roll/:id/sachet-scan',
    {
      schema: {
        tags: ['baxter'],
        params: idParamSchema,
        body: sachetScanBodySchema,
        response: { 200: sachetScanAnswerSchema, ...errors },
      },
      preHandler: app.requirePermission('baxter.write'),
    },
    async (request): Promise<SachetScanAnswer> => {
      const read = readScan(request.body.Code);
      if (!read.ok) throw unprocessable('Deze code is niet te lezen: scan opnieuw.', 'Code');
      const { id } = request.params;
      const scope = await scopeOf(request);
      const careCentres = scope.filter((entity) => entity !== callerOf(request).entityId);
      const roll = await rollForScan(app.db, id, callerOf(request).entityId, careCentres);
      if (!roll) return refuseNotFound(request, AUDIT_OBJECTS.baxter_roll, id, AUDIT_ACTIONS.execute);
      const code = read.value;
      const sachet = code.kind === 'sachet' ? code : null;
      const moment = sachet && localInstant(sachet.date, sachet.time);
      const reason = !sachet
        ? 'not_a_sachet'
        : sachet.patientId !== roll.patientId
          ? 'wrong_client'
          : sachet.rollId !== roll.id
            ? 'wrong_roll'
            : !(await rollHasSachetAt(app.db, roll.id, moment!))
              ? 'wrong_moment'
              : null;
      const scanned = sachet && sachet.patientId !== roll.patientId ? sachet.patientId : null;
      const scannedName = scanned === null ? roll.name : await clientNameInScope(app.db, scanned, scope);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.execute,
        outcome: reason ? 'refused' : 'success',
        objectType: AUDIT_OBJECTS.baxter_sachet_scan,
        objectId: roll.id,
        patientId: roll.patientId,
        relatedPatientIds: scanned !== null && scannedName !== null ? [scanned] : undefined,
        detail: { Kind: code.kind, Passed: !reason, Reason: reason ?? undefined },
      });
      return {
        Passed: !reason,
        Reason: reason,
        RollClientName: roll.name,
        ScannedClientName: sachet ? scannedName : null,
        SachetMoment: sachet ? `${sachet.date} ${sachet.time}` : null,
      };
    },
  );
};

export default sachetScanRoutes;
