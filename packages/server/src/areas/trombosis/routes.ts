import {
  apiErrorSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  type AuditAction,
  type AuditObjectType,
  boundsOf,
  COUMARIN_ATC_PREFIX,
  coumarinAgreementListSchema,
  defaultCheckIntervalDays,
  dosageSchemeBodySchema,
  dosageSchemeListSchema,
  dosageSchemeSchema,
  idParamSchema,
  interpretInr,
  inrValueBodySchema,
  inrValueListSchema,
  inrValueSchema,
  TARGET_GROUP_RANGES,
  targetRangeBodySchema,
  targetRangeSchema,
  trombosisDashboardSchema,
  trombosisPatientListSchema,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addDays, localDate, localTime } from '../../platform/time.ts';
import { announceThread, createThreadToOrganisation } from '../communication/index.ts';
import { listAgreements } from '../medication/index.ts';
import { badRequest, refuseNotFound } from '../../platform/errors.ts';
import { changedFields } from '../../platform/changed-fields.ts';
import { toInrValue, toSchemes, toTargetRange, inForceOn } from './mappers.ts';
import { monthsBack, patientOverview, trombosisDashboard, ttrOf, TTR_MONTHS } from './overview.ts';
import {
  findScopedPatient,
  inrValuesOf,
  insertInrValue,
  insertScheme,
  insertTargetRange,
  latestInrValues,
  schemesOf,
  targetRangesOf,
} from './queries.ts';
import { requireTrombosisRead, trombosisScopeOf } from './scope.ts';

const params = idParamSchema;
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };
/** A measurement a few minutes "in the future" is a clock difference, not an error. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** Ended and stopped coumarin agreements stay listed this many days (the medication overview's default). */
const COUMARIN_AGREEMENT_DAYS = 90;

/**
 * The patient of the request when the caller may read (or, with `write`, change) its trombosis data;
 * otherwise 404 and a `refused` log entry, the same for a missing and a foreign patient.
 */
async function patientFor(
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

/** The trombosis service (domain.md): INR values, target ranges, dosage schemes, the dashboard. */
const trombosisRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = (
    request: FastifyRequest,
    action: AuditAction,
    objectType: AuditObjectType,
    objectId: number,
    patientId: number,
    fields?: readonly string[],
  ) =>
    app.audit.record(request, {
      action,
      outcome: 'success',
      objectType,
      objectId,
      patientId,
      ...(fields ? { changedFields: fields } : {}),
    });

  app.get(
    '/api/trombosis/patients',
    {
      schema: {
        tags: ['trombosis'],
        summary: 'The patients the caller may see, with target range, last INR and next check',
        response: { 200: trombosisPatientListSchema },
      },
      preHandler: requireTrombosisRead,
    },
    async (request) => {
      const scope = await trombosisScopeOf(request);
      const rows = await patientOverview(app.db, scope.read, new Date());
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.trombosis_patients,
        view: {},
        relatedPatientIds: rows.map((r) => r.Id),
      });
      return { Rows: rows, CanWrite: scope.write.length > 0 };
    },
  );

  app.get(
    '/api/trombosis/dashboard',
    {
      schema: {
        tags: ['trombosis'],
        summary: 'Checks due and overdue, critical values of the last 7 days, TTR over 6 months',
        response: { 200: trombosisDashboardSchema },
      },
      preHandler: requireTrombosisRead,
    },
    async (request) => {
      const scope = await trombosisScopeOf(request);
      const dashboard = await trombosisDashboard(app.db, scope.read, new Date());
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.trombosis_dashboard,
        view: { day: dashboard.Today },
        relatedPatientIds: [
          ...new Set([
            ...dashboard.DueToday.map((p) => p.Id),
            ...dashboard.Overdue.map((p) => p.Id),
            ...dashboard.Critical.map((c) => c.PatientId),
            ...dashboard.Ttr.Rows.map((r) => r.PatientId),
          ]),
        ],
      });
      return dashboard;
    },
  );

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
      const caller = request.caller!;
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

  app.get(
    '/api/trombosis/patient/:id/coumarinagreements',
    {
      schema: {
        tags: ['trombosis'],
        summary:
          "A patient's coumarin agreements (ATC B01AA) only: current and future ones and those ended in the last 90 days",
        params,
        response: { 200: coumarinAgreementListSchema, ...errors },
      },
      preHandler: requireTrombosisRead,
    },
    async (request) => {
      const { id } = request.params;
      await patientFor(request, id, AUDIT_OBJECTS.coumarin_agreements, AUDIT_ACTIONS.read);
      const rows = (await listAgreements(app.db, id, COUMARIN_AGREEMENT_DAYS)).filter((a) =>
        a.Medication.Atc.startsWith(COUMARIN_ATC_PREFIX),
      );
      await audit(request, AUDIT_ACTIONS.read, AUDIT_OBJECTS.coumarin_agreements, id, id);
      return { PatientId: id, Rows: rows };
    },
  );

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
        accountId: request.caller!.accountId,
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

  app.get(
    '/api/trombosis/patient/:id/dosageschemes',
    {
      schema: {
        tags: ['trombosis'],
        summary: "A patient's dosage schemes: the one in force, the history and a proposed next check",
        params,
        response: { 200: dosageSchemeListSchema, ...errors },
      },
      preHandler: requireTrombosisRead,
    },
    async (request) => {
      const { id } = request.params;
      const { canWrite } = await patientFor(request, id, AUDIT_OBJECTS.dosage_scheme, AUDIT_ACTIONS.read);
      const rows = await schemesOf(app.db, [id]);
      const today = localDate(new Date());
      const latest = await latestInrValues(app.db, [id], 3);
      const interval = defaultCheckIntervalDays(latest.map((v) => v.interpretation));
      const schemes = toSchemes(rows);
      const current = inForceOn(rows, today);
      await audit(request, AUDIT_ACTIONS.read, AUDIT_OBJECTS.dosage_scheme, current?.id ?? id, id);
      return {
        PatientId: id,
        Current: current ? schemes.find((s) => s.Id === current.id)! : null,
        Rows: schemes,
        SuggestedNextCheck: addDays(today, interval),
        CanWrite: canWrite,
      };
    },
  );

  app.post(
    '/api/trombosis/patient/:id/dosageschemes',
    {
      schema: {
        tags: ['trombosis'],
        summary: 'A new scheme that replaces the current one from ValidFrom (today or later)',
        params,
        body: dosageSchemeBodySchema,
        response: { 201: dosageSchemeSchema, ...errors },
      },
      preHandler: app.requirePermission('trombosis.write'),
    },
    async (request, reply) => {
      const { id } = request.params;
      await patientFor(request, id, AUDIT_OBJECTS.dosage_scheme, AUDIT_ACTIONS.create, true);
      const body = request.body;
      if (body.ValidFrom < localDate(new Date()))
        throw badRequest(
          'Een nieuw schema gaat vandaag of later in; de geschiedenis blijft staan.',
          'ValidFrom',
        );
      const [range] = await targetRangesOf(app.db, [id]);
      const schemeId = await insertScheme(app.db, {
        patientId: id,
        drug: body.Drug,
        validFrom: body.ValidFrom,
        tabletsPerDay: body.TabletsPerDay,
        nextCheck: body.NextCheck,
        note: body.Note,
        range: range ? { Low: range.lowTenths / 10, High: range.highTenths / 10 } : null,
        accountId: request.caller!.accountId,
      });
      await audit(request, AUDIT_ACTIONS.create, AUDIT_OBJECTS.dosage_scheme, schemeId, id);
      const schemes = toSchemes(await schemesOf(app.db, [id]));
      return reply.code(201).send(schemes.find((s) => s.Id === schemeId)!);
    },
  );
};

export default trombosisRoutes;
