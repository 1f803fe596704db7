import {
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  COUMARIN_ATC_PREFIX,
  coumarinAgreementListSchema,
  coumarinMismatchResponseSchema,
  defaultCheckIntervalDays,
  dosageSchemeBodySchema,
  dosageSchemeListSchema,
  dosageSchemeSchema,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../../platform/errors.ts';
import { addDays, localDate } from '../../../platform/time.ts';
import { listAgreements } from '../../medication/public.ts';
import { coumarinMismatches } from '../coumarin-mismatch.ts';
import { inForceOn, toSchemes } from '../mappers.ts';
import { insertScheme, latestInrValues, schemesOf, targetRangesOf } from '../queries.ts';
import { requireTrombosisRead } from '../scope.ts';
import { audit, errors, params, patientFor } from './patient.ts';
import { callerOf } from '../../../platform/scope.ts';

/** Ended and stopped coumarin agreements stay listed this many days (the medication overview's default). */
const COUMARIN_AGREEMENT_DAYS = 90;

/** A patient's coumarin agreements and dosage schemes. */
const dosageSchemeRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(
    '/api/trombosis/patient/:id/coumarinmismatch',
    {
      schema: {
        tags: ['trombosis'],
        summary:
          'Whether the dosage scheme in force and the active coumarin agreements disagree (the flag the AMO shows)',
        params,
        response: { 200: coumarinMismatchResponseSchema, ...errors },
      },
      preHandler: requireTrombosisRead,
    },
    async (request) => {
      const { id } = request.params;
      await patientFor(request, id, AUDIT_OBJECTS.dosage_scheme, AUDIT_ACTIONS.read);
      const mismatch = (await coumarinMismatches(app.db, [id], new Date())).get(id) ?? null;
      await audit(request, AUDIT_ACTIONS.read, AUDIT_OBJECTS.dosage_scheme, id, id);
      return { PatientId: id, Mismatch: mismatch };
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
      const mismatch = (await coumarinMismatches(app.db, [id], new Date())).get(id) ?? null;
      await audit(request, AUDIT_ACTIONS.read, AUDIT_OBJECTS.dosage_scheme, current?.id ?? id, id);
      return {
        PatientId: id,
        Current: current ? schemes.find((s) => s.Id === current.id)! : null,
        Rows: schemes,
        SuggestedNextCheck: addDays(today, interval),
        CanWrite: canWrite,
        Mismatch: mismatch,
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
        accountId: callerOf(request).accountId,
      });
      await audit(request, AUDIT_ACTIONS.create, AUDIT_OBJECTS.dosage_scheme, schemeId, id);
      const schemes = toSchemes(await schemesOf(app.db, [id]));
      return reply.code(201).send(schemes.find((s) => s.Id === schemeId)!);
    },
  );
};

export default dosageSchemeRoutes;
