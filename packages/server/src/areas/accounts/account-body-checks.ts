import type { AccountUpdateBody } from '@zorgportaal/contract';
import type { FastifyInstance } from 'fastify';
import * as t from './tables.ts';
import { foreignIds, knownProductIds, sendToGroups, usernameTaken } from './queries/lookups.ts';
import type { Caller } from '../../platform/types.ts';
import { checkRoleChange, entityRoles } from './queries/role-grants.ts';
import { badRequest, conflict } from '../../platform/errors.ts';

export const USERNAME_TAKEN = 'Deze gebruikersnaam is al in gebruik.';

/** 409 naming Username when another account has the name (case-insensitive, like the unique index). */
export async function checkUsernameFree(
  app: FastifyInstance,
  username: string,
  exceptId?: number,
): Promise<void> {
  if (await usernameTaken(app.db, username, exceptId)) throw conflict(USERNAME_TAKEN, 'Username');
}

/**
 * Checks the relations in a link or update body against the caller's entity and rights: roles
 * (escalation and self-demotion), teams, groups and products. Ids of another entity are 400.
 */
export async function checkAccountRelations(
  app: FastifyInstance,
  caller: Caller,
  body: AccountUpdateBody,
  target: { roleIds: number[]; own: boolean },
): Promise<void> {
  if (body.RoleIds) {
    const roles = await entityRoles(app.db, caller.entityId);
    checkRoleChange({
      roles,
      held: caller.permissions,
      current: target.roleIds,
      next: body.RoleIds,
      ownAccount: target.own,
    });
  }
  if (body.TeamIds && (await foreignIds(app.db, t.teams, caller.entityId, body.TeamIds)).length)
    throw badRequest('Onbekend team.', 'TeamIds');
  if (
    body.GroupsReceivesFrom &&
    (await foreignIds(app.db, t.groups, caller.entityId, body.GroupsReceivesFrom)).length
  )
    throw badRequest('Onbekende groep.', 'GroupsReceivesFrom');
  // An account may write to groups of the organisations it reaches in the care network (Communicatie).
  if (body.GroupsSendTo?.length) {
    const allowed = new Set((await sendToGroups(app.db, caller.entityId)).map((g) => g.Id));
    if (body.GroupsSendTo.some((id) => !allowed.has(id)))
      throw badRequest('Onbekende groep.', 'GroupsSendTo');
  }
  const products = knownProductIds();
  if (body.AccountSubscription?.some((s) => !products.includes(s.ProductId)))
    throw badRequest('Onbekend product.', 'AccountSubscription');
}
