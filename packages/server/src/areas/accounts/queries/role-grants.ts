import { eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { badRequest, forbiddenBecause, unprocessable } from '../../../platform/errors.ts';

export interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
}

/** The roles an entity can use: the global default roles and its own. */
export async function entityRoles(db: Db, entityId: number): Promise<RoleRow[]> {
  return db
    .select({ id: t.roles.id, name: t.roles.name, permissions: t.roles.permissions })
    .from(t.roles)
    .where(or(isNull(t.roles.entityId), eq(t.roles.entityId, entityId)))
    .orderBy(t.roles.name);
}

/** An administrator may grant (or take away) a role only when they hold every permission in it. */
export const canGrant = (held: ReadonlySet<string>, role: RoleRow): boolean =>
  role.permissions.every((permission) => held.has(permission));

const permissionsOf = (roles: RoleRow[], ids: number[]): Set<string> =>
  new Set(roles.filter((r) => ids.includes(r.id)).flatMap((r) => r.permissions));

/**
 * Checks a change of an account's roles from `current` to `next` (privilege escalation, ASVS 8.2.1):
 * unknown ids → 400, a changed role with permissions the caller lacks → 403, and the caller's own
 * account may not lose any permission the caller now has → 422.
 */
export function checkRoleChange(opts: {
  roles: RoleRow[];
  held: ReadonlySet<string>;
  current: number[];
  next: number[];
  ownAccount: boolean;
}): void {
  const { roles, held, current, next } = opts;
  if (next.some((id) => !roles.some((r) => r.id === id))) throw badRequest('Onbekende rol.', 'RoleIds');
  const changed = [
    ...next.filter((id) => !current.includes(id)),
    ...current.filter((id) => !next.includes(id)),
  ];
  for (const role of roles.filter((r) => changed.includes(r.id))) {
    if (!canGrant(held, role))
      throw forbiddenBecause(
        `U kunt de rol ${role.name} niet toekennen of intrekken: u heeft zelf niet alle rechten van deze rol.`,
        'RoleIds',
      );
  }
  if (opts.ownAccount) {
    const after = permissionsOf(roles, next);
    if ([...held].some((permission) => !after.has(permission)))
      throw unprocessable('U kunt uw eigen rechten niet verlagen.', 'RoleIds');
  }
}

/**
 * An administrator may only manage accounts whose permissions they hold themselves; otherwise they
 * could take over a stronger account (change its e-mail, send a password link) — 403.
 */
export function checkCanManage(held: ReadonlySet<string>, targetPermissions: string[]): void {
  if (targetPermissions.some((permission) => !held.has(permission)))
    throw forbiddenBecause('U kunt geen account beheren dat rechten heeft die u zelf niet heeft.');
}
