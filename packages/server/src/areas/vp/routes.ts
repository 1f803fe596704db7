import {
  apiErrorSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  medicationReviewBodySchema,
  medicationReviewSchema,
  reviewDueListSchema,
  vpDashboardSchema,
  vpHistoryParamsSchema,
  vpHistorySchema,
} from '@zorgportaal/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findPatient } from '../medication/public.ts';
import { refuseNotFound as refuse } from '../../platform/errors.ts';
import { readDbOf } from '../../platform/read-db.ts';
import { callerOf, scopeOf } from '../../platform/scope.ts';
import { buildHistory, buildVpDashboard, reviewsDue } from './prescriber.ts';
import { insertReview, reviewsOf } from './queries.ts';

const tags = ['vp'];
const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const prescriberOf = (request: FastifyRequest) => ({
  accountId: callerOf(request).accountId,
  entityId: callerOf(request).entityId,
});

/** VP: the prescriber's dashboard, Terugblikken and periodic medication reviews. */
const vpRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.requirePermission('vp.read');

  app.get(
    '/api/vp/dashboard',
    { schema: { tags, response: { 200: vpDashboardSchema, ...errors } }, preHandler: read },
    async (request) => {
      const dashboard = await buildVpDashboard(app.db, prescriberOf(request), await scopeOf(request));
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.vp_dashboard,
        view: {},
        relatedPatientIds: dashboard.Rows.map((r) => r.PatientId),
      });
      return dashboard;
    },
  );

  app.get(
    '/api/vp/history/:patientId',
    {
      schema: { tags, params: vpHistoryParamsSchema, response: { 200: vpHistorySchema, ...errors } },
      preHandler: read,
    },
    async (request) => {
      const { patientId } = request.params;
      const patient = await findPatient(app.db, patientId, await scopeOf(request));
      if (!patient) return refuse(request, AUDIT_OBJECTS.vp_history, patientId);
      const history = await buildHistory(readDbOf(request), patient);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.vp_history,
        objectId: patientId,
        patientId,
      });
      return history;
    },
  );

  app.get(
    '/api/vp/reviews/due',
    { schema: { tags, response: { 200: reviewDueListSchema, ...errors } }, preHandler: read },
    async (request) => {
      const due = await reviewsDue(app.db, await scopeOf(request));
      if (due.Rows.length)
        await app.audit.recordView(request, {
          objectType: AUDIT_OBJECTS.medication_review,
          view: { due: true },
          relatedPatientIds: due.Rows.map((r) => r.PatientId),
        });
      return due;
    },
  );

  app.post(
    '/api/vp/reviews',
    {
      schema: {
        tags,
        summary: 'Record a periodic medication review (needs vp.read and medication.write)',
        body: medicationReviewBodySchema,
        response: { 201: medicationReviewSchema, ...errors },
      },
      preHandler: [read, app.requirePermission('medication.write')],
    },
    async (request, reply) => {
      const body = request.body;
      const patient = await findPatient(app.db, body.PatientId, await scopeOf(request));
      if (!patient) return refuse(request, AUDIT_OBJECTS.patient, body.PatientId, AUDIT_ACTIONS.create);
      const id = await insertReview(app.db, patient, body, prescriberOf(request));
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.medication_review,
        objectId: id,
        patientId: patient.Id,
      });
      const review = (await reviewsOf(app.db, patient.Id)).find((r) => r.Id === id)!;
      return reply.code(201).send(review);
    },
  );
};

export default vpRoutes;
