import {
  apiErrorSchema,
  authorizedSignatureParamsSchema,
  consentSchema,
  consentSignatureParamsSchema,
  informedConsentBodySchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  type AuditObjectType,
  type CONSENT_KINDS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findAgreementRow, findPatient } from '../medication/public.ts';
import { consentValues, toConsent } from './consents.ts';
import { insertConsent, latestConsent } from './queries.ts';
import { forbidden, notFound, refuseNotFound, unprocessable } from '../../platform/errors.ts';
import { callerOf, scopeOf } from '../../platform/scope.ts';

/** The audit object of each kind of signature. */
const CONSENT_OBJECT = {
  consent: AUDIT_OBJECTS.etdr_consent,
  authorized: AUDIT_OBJECTS.etdr_authorized,
} as const satisfies Record<(typeof CONSENT_KINDS)[number], AuditObjectType>;

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 422: apiErrorSchema };

/** eTDR signatures (spec §7): the client's informed consent and the authorised prescriber's signature. */
const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/etdr/informedconsent',
    {
      schema: {
        tags: ['etdr'],
        body: informedConsentBodySchema,
        response: { 201: consentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      // Nurses record the client's consent at the bedside; only a prescriber signs for an agreement.
      const allowed =
        body.Kind === 'authorized' ? ['medication.write'] : ['administration.register', 'medication.write'];
      if (!allowed.some((p) => caller.permissions.has(p))) throw forbidden();
      const scope = await scopeOf(request);
      const patient = await findPatient(app.db, body.PatientId, scope);
      if (!patient)
        return refuseNotFound(request, AUDIT_OBJECTS.patient, body.PatientId, AUDIT_ACTIONS.create);
      // The client signs at the bedside: only the care centre itself records a consent.
      if (body.Kind === 'consent' && patient.EntityId !== caller.entityId) throw forbidden();
      if (body.Kind === 'authorized') {
        const agreement = await findAgreementRow(app.db, body.MedicationAgreementId!, scope);
        if (agreement?.patientId !== patient.Id)
          throw unprocessable('Kies een medicatieafspraak van deze cliënt.', 'MedicationAgreementId');
      }
      const row = await insertConsent(app.db, consentValues(patient, body, caller.accountId));
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.create,
        outcome: 'success',
        objectType: CONSENT_OBJECT[body.Kind],
        objectId: row.id,
        patientId: patient.Id,
      });
      return reply.code(201).send(toConsent(row, caller.username));
    },
  );

  app.get(
    '/api/etdr/patient/:patientId/consentsignature/:patientEntityId',
    {
      schema: {
        tags: ['etdr'],
        params: consentSignatureParamsSchema,
        response: { 200: consentSchema, ...errors },
      },
      preHandler: app.requirePermission('medication.read'),
    },
    async (request, reply) => {
      const { patientId, patientEntityId } = request.params;
      const patient = await findPatient(app.db, patientId, await scopeOf(request));
      if (patient?.EntityId !== patientEntityId)
        return refuseNotFound(request, AUDIT_OBJECTS.patient, patientId);
      const consent = await latestConsent(app.db, patientId, 'consent', null);
      if (!consent) throw notFound();
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.etdr_consent,
        objectId: consent.Id,
        patientId,
      });
      reply.header('Cache-Control', 'no-store');
      return consent;
    },
  );

  app.get(
    '/api/etdr/patient/:patientId/authorizedsignature/:medicationAgreementId/:patientEntityId',
    {
      schema: {
        tags: ['etdr'],
        params: authorizedSignatureParamsSchema,
        response: { 200: consentSchema, ...errors },
      },
      preHandler: app.requirePermission('medication.read'),
    },
    async (request, reply) => {
      const { patientId, medicationAgreementId, patientEntityId } = request.params;
      const patient = await findPatient(app.db, patientId, await scopeOf(request));
      if (patient?.EntityId !== patientEntityId)
        return refuseNotFound(request, AUDIT_OBJECTS.patient, patientId);
      const consent = await latestConsent(app.db, patientId, 'authorized', medicationAgreementId);
      if (!consent) throw notFound();
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.read,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.etdr_authorized,
        objectId: consent.Id,
        patientId,
      });
      reply.header('Cache-Control', 'no-store');
      return consent;
    },
  );
};

export default consentRoutes;
