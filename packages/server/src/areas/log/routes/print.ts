import {
  apiErrorSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
  type Permission,
  type PrintScreen,
  printBodySchema,
  RECORD_PRINT_SCREENS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, refuseNotFound } from '../../../platform/errors.ts';
import { callerOf, patientReadScopeOf, requireAnyPermission } from '../../../platform/scope.ts';
import { departmentInScope, firstPatientOutOfScope } from '../queries/print.ts';

/** Who may print a screen: who may open it (the contract's route table). */
const PRINT_PERMISSIONS: Record<PrintScreen, readonly Permission[]> = {
  medication_agreements: ['medication.read'],
  inr_values: ['trombosis.read', 'vp.read'],
  administration_list: ['administration.register', 'administration.read'],
  administration_results: ['administration.read'],
  baxter_roll_list: ['baxter.read'],
};
const ANY_PRINT_PERMISSION = [...new Set(Object.values(PRINT_PERMISSIONS).flat())];

/**
 * POST /api/log/print: a page with client data went to the printer (its print button, or the browser's
 * own print command through `beforeprint`). A printout is a copy that leaves the portal, so NEN 7513 wants
 * it logged like a read: action P, the screen as the object, the clients it showed. Only clients the caller
 * may read can be named; another organisation's client is a 404 with a refused entry, as everywhere.
 */
const printRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/log/print',
    {
      schema: {
        tags: ['log'],
        summary: 'Logs that a screen with client data was printed',
        body: printBodySchema,
        response: { 204: z.null(), 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
      preHandler: requireAnyPermission(...ANY_PRINT_PERMISSION),
    },
    async (request, reply) => {
      const { Screen: screen, PatientIds, DepartmentId } = request.body;
      const caller = callerOf(request);
      if (!PRINT_PERMISSIONS[screen].some((permission) => caller.permissions.has(permission)))
        throw forbidden();
      const scope = (await patientReadScopeOf(request)).read;
      const ids = [...new Set(PatientIds)];
      const outside = await firstPatientOutOfScope(app.db, scope, ids);
      if (outside !== undefined)
        return refuseNotFound(request, AUDIT_OBJECTS.patient, outside, AUDIT_ACTIONS.print);
      if (DepartmentId !== undefined && !(await departmentInScope(app.db, scope, DepartmentId)))
        return refuseNotFound(request, AUDIT_OBJECTS.department, DepartmentId, AUDIT_ACTIONS.print);
      const record = RECORD_PRINT_SCREENS.includes(screen);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.print,
        outcome: 'success',
        objectType: screen,
        objectId: DepartmentId ?? (record ? ids[0] : null),
        patientId: record ? ids[0] : null,
        relatedPatientIds: record ? undefined : ids,
        detail: { patients: ids.length },
      });
      return reply.code(204).send(null);
    },
  );
};

export default printRoutes;
