import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  interpretInr,
  inrValueBodySchema,
  inrValueListSchema,
  inrValueSchema,
  TARGET_GROUP_RANGES,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../../platform/errors.ts';
import { localDate, localTime } from '../../../platform/time.ts';
import { announceThread, createThreadToOrganisation } from '../../communication/public.ts';
import { toInrValue, toTargetRange } from '../mappers.ts';
import { monthsBack, ttrOf, TTR_MONTHS } from '../overview.ts';
import { inrValuesOf, insertInrValue, targetRangesOf } from '../queries.ts';
import { requireTrombosisRead } from '../scope.ts';
import { audit, errors, params, patientFor } from './patient.ts';
import { callerOf } from '../../../platform/scope.ts';

/** A measurement a few minutes "in the future" is a clock difference, not an error. */
const CLOCK_SKEW_MS = 5 * 60_000;

const decimal = (n: number) => n.toFixed(1).replace('.', ',');

/**
 * The message to the care centre about a critical INR value: the value, the moment and the target range.
 * The thread links the patient; the text names no one (it may be read in a shared inbox).
 */
function criticalInrMessage(value: number, measuredAt: Date, bounds: { Low: number; High: number }) {
  const [y, m, d] = localDate(measuredAt).split('-');
  const day = `${d}-${m}-${y}`;
  return {
    subject: `Kritieke INR-waarde ${decimal(value)} op ${day}`,
    body:
      `Op ${day} om ${localTime(measuredAt)} is bij uw cliënt een kritieke INR-waarde van ${decimal(value)} gemeten ` +
      `(streefbereik ${decimal(bounds.Low)}–${decimal(bounds.High)}). Neem voor overleg over het beleid contact ` +
      `op met de trombosedienst.`,
  };
}

/** A patient's INR values: the list with the target range and TTR, and a new value. */
const inrValueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/trombosis/patient/:id/inrvalues',
    {
      schema: {
        tags: ['trombosis'],
        summary: "A patient's INR values (oldest first) with the target range and its history",
        params,
        response: { 200: inrValueListSchema, ...errors },
      },
      preHandler: requireTrombosisRead,
    },
    async (request) => {
      const { id } = request.params;
      await patientFor(request, id, AUDIT_OBJECTS.inr_values, AUDIT_ACTIONS.read);
      const [ranges, values] = await Promise.all([targetRangesOf(app.db, [id]), inrValuesOf(app.db, [id])]);
      const ttr = await ttrOf(app.db, [id], monthsBack(localDate(new Date()), TTR_MONTHS));
      await audit(request, AUDIT_ACTIONS.read, AUDIT_OBJECTS.inr_values, id, id);
      const history = ranges.map(toTargetRange);
      return {
        PatientId: id,
        TargetRange: history[0] ?? null,
        TargetRangeHistory: history,
        Rows: values.map(toInrValue),
        Ttr: ttr.rows[0]?.ttr ?? null,
      };
    },
  );

  app.post(
    '/api/trombosis/patient/:id/inrvalues',
    {
      schema: {
        tags: ['trombosis'],
        summary: 'Enter an INR value; the server interprets it against the target range',
        params,
        body: inrValueBodySchema,
        response: { 201: inrValueSchema, ...errors },
      },
      preHandler: app.requirePermission('trombosis.write'),
    },
    async (request, reply) => {
      const { id } = request.params;
      const { patient } = await patientFor(request, id, AUDIT_OBJECTS.inr_value, AUDIT_ACTIONS.create, true);
      const body = request.body;
      const measuredAt = new Date(body.MeasuredAt);
      if (measuredAt.getTime() > Date.now() + CLOCK_SKEW_MS)
        throw badRequest('Het meetmoment ligt in de toekomst.', 'MeasuredAt');
      const [range] = await targetRangesOf(app.db, [id]);
      // Without a target range yet, intensity group 1 (the FNT's most common) judges the value.
      const bounds = range
        ? { Low: range.lowTenths / 10, High: range.highTenths / 10 }
        : TARGET_GROUP_RANGES.group1;
      const interpretation = interpretInr(body.Value, bounds);
      const caller = callerOf(request);
      // The value and the message to the care centre about a critical one are stored together or not at all.
      const { valueId, threadId } = await app.db.transaction(async (tx) => {
        const valueId = await insertInrValue(tx, {
          patientId: id,
          value: body.Value,
          measuredAt,
          method: body.Method,
          note: body.Note,
          low: bounds.Low,
          high: bounds.High,
          interpretation,
          accountId: caller.accountId,
        });
        const threadId =
          interpretation === 'critical'
            ? await createThreadToOrganisation(
                tx,
                { accountId: caller.accountId, entityId: caller.entityId },
                {
                  toEntityId: patient.EntityId,
                  patientId: id,
                  inrValueId: valueId,
                  priority: 'high',
                  ...criticalInrMessage(body.Value, measuredAt, bounds),
                },
              )
            : null;
        return { valueId, threadId };
      });
      await audit(request, AUDIT_ACTIONS.create, AUDIT_OBJECTS.inr_value, valueId, id);
      if (threadId !== null) {
        await audit(request, AUDIT_ACTIONS.create, AUDIT_OBJECTS.message_thread, threadId, id);
        await announceThread(app, threadId);
      }
      const stored = (await inrValuesOf(app.db, [id])).find((v) => v.id === valueId)!;
      return reply.code(201).send(toInrValue(stored));
    },
  );
};

export default inrValueRoutes;
