import {
  apiErrorSchema,
  idParamSchema,
  patientBodySchema,
  patientListQuerySchema,
  patientListSchema,
  patientSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { conflict, isUniqueViolation, refuseNotFound, unprocessable } from '../../../platform/errors.ts';
import {
  checkPatientBody,
  findLinkablePerson,
  findPatient,
  insertPatient,
  isPatient,
  updatePatient,
} from '../queries/index.ts';
import { createKeptClientLists } from '../kept-client-lists.ts';
import { changedFields } from '../../../platform/changed-fields.ts';
import {
  callerOf,
  fullEntities,
  patientReadScopeOf,
  requireAnyPermission,
  scopeOf,
} from '../../../platform/scope.ts';

const params = idParamSchema;
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const ALREADY = 'Deze persoon is al cliënt.';

/**
 * Reading patients: medication staff, and the trombosis service for the care centres it serves (the
 * patient read scope). Agreements and administrations stay on the caller's scope alone.
 */
const requirePatientRead = requireAnyPermission('medication.read', 'trombosis.read');

/** Patients (domain.md "Patient"): pickers, one patient, make a person a patient (spec §7), edit. */
const patientRoutes: FastifyPluginAsyncZod = async (app) => {
  const clientLists = createKeptClientLists(app.config.clientListCacheBytes);
  app.get(
    '/api/patients',
    {
      schema: {
        tags: ['medication'],
        querystring: patientListQuerySchema,
        response: { 200: patientListSchema },
      },
      preHandler: requirePatientRead,
    },
    async (request, reply) => {
      const scope = (await patientReadScopeOf(request)).read;
      const answer = await clientLists.answer(app.db, scope, request.query);
      const { q, departmentId, personId } = request.query;
      // One entry per search that links the clients found; repeating it within minutes adds nothing.
      await app.audit.recordView(request, {
        objectType: AUDIT_OBJECTS.patient_search,
        view: { q: q ?? null, departmentId: departmentId ?? null, personId: personId ?? null },
        relatedPatientIds: answer.ids,
      });
      // Written by the database in the response schema's shape (patient-list-json.ts, tested against it): a
      // JSON string is sent as is, not parsed and serialised again.
      const untyped: FastifyReply = reply;
      return untyped.type('application/json; charset=utf-8').send(answer.json);
    },
  );

  app.get(
    '/api/patient/:id',
    {
      schema: { tags: ['medication'], params, response: { 200: patientSchema, ...errors } },
      preHandler: requirePatientRead,
    },
    async (request) => {
      const { id } = request.params;
      const patient = await findPatient(app.db, id, (await patientReadScopeOf(request)).read);
      if (!patient) return refuseNotFound(request, AUDIT_OBJECTS.patient, id);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.patient,
        objectId: id,
        patientId: id,
      });
      return patient;
    },
  );

  app.post(
    '/api/patient/link/person/:id',
    {
      schema: {
        tags: ['medication'],
        params,
        body: patientBodySchema,
        response: { 201: patientSchema, ...errors },
      },
      preHandler: app.requirePermission('medication.write'),
    },
    async (request, reply) => {
      const personId = request.params.id;
      const person = await findLinkablePerson(app.db, personId, fullEntities(await scopeOf(request)));
      if (!person) return refuseNotFound(request, AUDIT_OBJECTS.person, personId, AUDIT_ACTIONS.create);
      if (await isPatient(app.db, personId)) throw conflict(ALREADY);
      await checkPatientBody(app.db, person.entityId, request.body, null);
      const id = await insertPatient(app.db, person.entityId, personId, request.body).catch(
        (err: unknown) => {
          throw isUniqueViolation(err, 'patients_person_idx') ? conflict(ALREADY) : err;
        },
      );
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.patient,
        objectId: id,
        patientId: id,
      });
      return reply.code(201).send((await findPatient(app.db, id, [person.entityId]))!);
    },
  );

  app.put(
    '/api/patient/:id',
    {
      schema: {
        tags: ['medication'],
        params,
        body: patientBodySchema,
        response: { 200: patientSchema, ...errors },
      },
      preHandler: app.requirePermission('medication.write'),
    },
    async (request) => {
      const { id } = request.params;
      const current = await findPatient(app.db, id, await scopeOf(request));
      if (!current) return refuseNotFound(request, AUDIT_OBJECTS.patient, id, AUDIT_ACTIONS.update);
      // Only the care centre chooses its client's prescriber (the prescriber's scope depends on it).
      if (
        request.body.PrescriberEntityId !== current.PrescriberEntityId &&
        current.EntityId !== callerOf(request).entityId
      )
        throw unprocessable('Alleen de zorginstelling kiest de voorschrijver.', 'PrescriberEntityId');
      await checkPatientBody(app.db, current.EntityId, request.body, id);
      await updatePatient(app.db, id, request.body);
      const updated = (await findPatient(app.db, id, [current.EntityId]))!;
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.patient,
        objectId: id,
        patientId: id,
        changedFields: changedFields(current, updated, [
          'DepartmentName',
          'PharmacyName',
          'PrescriberName',
          'ScreenName',
        ]),
      });
      return updated;
    },
  );
};

export default patientRoutes;
