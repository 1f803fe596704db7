import { AUDIT_OBJECTS } from '@zorgportaal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findEntityAccount } from './queries/admin.ts';
import { type AccountRow, loadRolesAndPermissions } from './queries/accounts.ts';
import { findLivePerson } from '../persons/public.ts';
import { checkCanManage } from './queries/role-grants.ts';
import { callerOf } from '../../platform/scope.ts';
import { refuseNotFound } from '../../platform/errors.ts';

export interface ManagedAccount {
  account: AccountRow;
  roleIds: number[];
  own: boolean;
}

/**
 * The account an administrator acts on: it must be the caller's entity's (else 404, logged as
 * refused), its person must not be in the trash can, and it may hold no permission the caller lacks.
 */
export async function loadManagedAccount(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
): Promise<ManagedAccount> {
  const caller = callerOf(request);
  const account = await findEntityAccount(app.db, caller.entityId, id);
  if (!account) return refuseNotFound(request, AUDIT_OBJECTS.account, id);
  if (account.personId && !(await findLivePerson(app.db, caller.entityId, account.personId)))
    return refuseNotFound(request, AUDIT_OBJECTS.account, id);
  const { roles, permissions } = await loadRolesAndPermissions(app.db, account.id);
  checkCanManage(caller.permissions, permissions);
  return { account, roleIds: roles.map((r) => r.Id), own: account.id === caller.accountId };
}
