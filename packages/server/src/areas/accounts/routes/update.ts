import {
  accountSchema,
  accountUpdateBodySchema,
  apiErrorSchema,
  idParamSchema,
  AUDIT_ACTIONS,
  AUDIT_OBJECTS,
} from '@zorgportaal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkAccountRelations, checkUsernameFree, USERNAME_TAKEN } from '../account-body-checks.ts';
import { loadManagedAccount } from '../managed-account.ts';
import { callerOf } from '../../../platform/scope.ts';
import { conflict, isUniqueViolation, unprocessable } from '../../../platform/errors.ts';
import { applyAccountUpdate } from '../queries/admin.ts';
import { toAccountView } from '../queries/accounts.ts';
import { changedFields } from '../../../platform/changed-fields.ts';
import { revokeAccountSessions } from '../../../platform/access/auth-port.ts';

/** An own active period that already ended or has not begun would lock the administrator out. */
function locksOut(period: { Start?: string | null; End?: string | null } | null | undefined): boolean {
  const now = Date.now();
  return Boolean(
    (period?.End && Date.parse(period.End) < now) || (period?.Start && Date.parse(period.Start) > now),
  );
}

/** PUT /api/account/{id} (spec §7): only the fields sent change; Active=false revokes every session. */
const accountUpdateRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/account/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Change an account',
        params: idParamSchema,
        body: accountUpdateBodySchema,
        response: {
          200: accountSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          422: apiErrorSchema,
        },
      },
      preHandler: app.requirePermission('accounts.write'),
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      const target = await loadManagedAccount(app, request, request.params.id);
      if (target.own && body.Active === false)
        throw unprocessable('U kunt uw eigen account niet deactiveren.', 'Active');
      if (target.own && locksOut(body.AccountActivePeriod))
        throw unprocessable(
          'U kunt uw eigen account niet buiten de actieve periode plaatsen.',
          'AccountActivePeriod',
        );
      await checkAccountRelations(app, caller, body, target);
      if (body.Username !== undefined) await checkUsernameFree(app, body.Username, target.account.id);
      const before = await toAccountView(app.db, target.account);
      const updated = await applyAccountUpdate(app.db, target.account, body).catch((err: unknown) => {
        throw isUniqueViolation(err) ? conflict(USERNAME_TAKEN, 'Username') : err;
      });
      const revokedSessions =
        target.account.active && !updated.active
          ? await revokeAccountSessions(app.db, updated.id, 'account_deactivated')
          : 0;
      // Roles, the active period or the active flag may have changed: the next request reloads them.
      await app.callerCache.forgetAccount(updated.id);
      const after = await toAccountView(app.db, updated);
      await app.audit.record(request, {
        action: AUDIT_ACTIONS.update,
        outcome: 'success',
        objectType: AUDIT_OBJECTS.account,
        objectId: updated.id,
        changedFields: changedFields(before, after, ['Password', 'Permissions', 'LastLogin', 'UserVersions']),
        detail: { revokedSessions },
      });
      return after;
    },
  );
};

export default accountUpdateRoute;
