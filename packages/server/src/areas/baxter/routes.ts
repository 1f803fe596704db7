import {
  apiErrorSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  baxterGenerateBodySchema,
  baxterGenerateResultSchema,
  baxterImportBodySchema,
  baxterImportErrorSchema,
  baxterImportResultSchema,
  baxterListQuerySchema,
  baxterRollListSchema,
  idParamSchema,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentWeek } from './week.ts';
import { conflict, refuseNotFound as refuse } from '../../platform/errors.ts';
import { callerOf, scopeOf } from '../../platform/scope.ts';
import type { Tx } from '../../platform/db/client.ts';
import {
  applyFile,
  findRoll,
  generateRolls,
  listRolls,
  markHandedOver,
  markLaidOut,
  matchFile,
} from './queries/index.ts';
import { checkLines, readCsv, readJson } from './roll-file.ts';

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const statusAnswer = z.object({ Id: z.number().int(), Status: z.string() });

/** Baxter rolls: the week list, generation from gds agreements, lay-out, hand-over and the robot's roll file. */
const baxterRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The care centres the caller's pharmacy supplies (none for a care centre). */
  const supplied = async (request: FastifyRequest) =>
    (await scopeOf(request)).filter((id) => id !== callerOf(request).entityId);

  app.get(
    '/api/baxter/rolls',
    {
      schema: {
        tags: ['baxter'],
        querystring: baxterListQuerySchema,
        response: { 200: baxterRollListSchema, ...errors },
      },
      preHandler: app.requirePermission('baxter.read'),
    },
    async (request) => {
      const week = request.query.week ?? currentWeek();
      const { departmentId, status } = request.query;
      const rows = await listRolls(app.db, {
        scope: await scopeOf(request),
        weekStart: week,
        departmentId,
        status,
      });
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.baxter_roll_list,
        objectId: departmentId ?? null,
        view: { week, status: status ?? null },
        relatedPatientIds: rows.map((row) => row.Patient.Id),
      });
      return { WeekStart: week, Rows: rows };
    },
  );

  app.post(
    '/api/baxter/rolls/generate',
    {
      schema: {
        tags: ['baxter'],
        body: baxterGenerateBodySchema,
        response: { 200: baxterGenerateResultSchema, ...errors },
      },
      preHandler: app.requirePermission('baxter.write'),
    },
    async (request) => {
      const pharmacyId = callerOf(request).entityId;
      const careCentres = await supplied(request);
      const result = await app.db.transaction((tx) =>
        generateRolls(tx, pharmacyId, careCentres, request.body.WeekStart),
      );
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.baxter_roll_list,
        objectId: request.body.WeekStart,
        detail: result,
      });
      return result;
    },
  );

  /**
   * One status step of a roll the caller may act on, under a row lock: a missing or foreign roll is
   * refused (404 and a `refused` audit entry), a roll not in the step's starting status is a 409.
   */
  async function changeRoll(
    request: FastifyRequest,
    id: number,
    step: {
      /** The roll when the caller may act on it; undefined refuses. */
      find: (tx: Tx) => ReturnType<typeof findRoll>;
      mark: (tx: Tx, accountId: number, at: Date) => Promise<boolean>;
      illegal: string;
    },
  ) {
    const outcome = await app.db.transaction(async (tx) => {
      const roll = await step.find(tx);
      if (!roll) return 'refused' as const;
      if (!(await step.mark(tx, callerOf(request).accountId, new Date()))) return 'illegal' as const;
      return roll;
    });
    if (outcome === 'refused') return refuse(request, AUDIT_OBJECTS.baxter_roll, id, AUDIT_ACTIONS.update);
    if (outcome === 'illegal') throw conflict(step.illegal);
    await app.audit.record(request, {
      action: AUDIT_ACTIONS.update,
      outcome: 'success',
      objectType: AUDIT_OBJECTS.baxter_roll,
      objectId: id,
      patientId: outcome.patientId,
      changedFields: ['Status'],
    });
  }

  app.post(
    '/api/baxter/roll/:id/layout',
    {
      schema: { tags: ['baxter'], params: idParamSchema, response: { 200: statusAnswer, ...errors } },
      preHandler: app.requirePermission('baxter.write'),
    },
    async (request) => {
      const { id } = request.params;
      // Outside the transaction: the embedded database has one connection.
      const careCentres = await supplied(request);
      await changeRoll(request, id, {
        find: async (tx) => {
          const roll = await findRoll(tx, id, { pharmacyId: callerOf(request).entityId });
          return roll && careCentres.includes(roll.entityId) ? roll : undefined;
        },
        mark: (tx, accountId, at) => markLaidOut(tx, id, accountId, at),
        illegal: 'Deze rol is al uitgezet.',
      });
      return { Id: id, Status: 'laid_out' };
    },
  );

  app.post(
    '/api/baxter/roll/:id/handover',
    {
      schema: { tags: ['baxter'], params: idParamSchema, response: { 200: statusAnswer, ...errors } },
      preHandler: app.requirePermission('baxter.handover'),
    },
    async (request) => {
      const { id } = request.params;
      await changeRoll(request, id, {
        find: (tx) => findRoll(tx, id, { entityId: callerOf(request).entityId }),
        mark: (tx, accountId, at) => markHandedOver(tx, id, accountId, at),
        illegal: 'Alleen een uitgezette rol kan worden overgedragen.',
      });
      return { Id: id, Status: 'handed_over' };
    },
  );

  app.post(
    '/api/baxter/import',
    {
      schema: {
        tags: ['baxter'],
        body: baxterImportBodySchema,
        response: { 200: baxterImportResultSchema, 422: baxterImportErrorSchema, ...errors },
      },
      preHandler: app.requirePermission('baxter.write'),
      bodyLimit: 3 * 1024 * 1024,
    },
    async (request, reply) => {
      const { Format, Content } = request.body;
      const read = Format === 'csv' ? readCsv(Content) : readJson(Content);
      const checked = checkLines(read.lines);
      const pharmacyId = callerOf(request).entityId;
      const careCentres = await supplied(request);
      const result = await app.db.transaction(async (tx) => {
        const matched = await matchFile(tx, pharmacyId, careCentres, checked.lines);
        const all = [...read.errors, ...checked.errors, ...matched.errors].sort(
          (a, b) => a.Line - b.Line || a.Field.localeCompare(b.Field),
        );
        if (all.length > 0 || checked.lines.length === 0)
          return {
            ok: false as const,
            errors: all.length
              ? all
              : [{ Line: 0, Field: 'bestand', Message: 'Het bestand heeft geen regels.' }],
          };
        const sachets = await applyFile(
          tx,
          matched.rolls,
          matched.products,
          callerOf(request).accountId,
          new Date(),
        );
        return { ok: true as const, rolls: matched.rolls.size, sachets };
      });
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: result.ok ? 'success' : 'failure',
        objectType: AUDIT_OBJECTS.baxter_roll_file,
        detail: result.ok
          ? { rolls: result.rolls, sachets: result.sachets }
          : { errors: result.errors.length },
      });
      if (!result.ok)
        return reply.code(422).send({
          Code: 'VALIDATION_FAILED',
          Message: 'Het rolbestand bevat fouten; er is niets ingelezen.',
          Errors: result.errors,
        });
      return { Rolls: result.rolls, Sachets: result.sachets };
    },
  );
};

export default baxterRoutes;
