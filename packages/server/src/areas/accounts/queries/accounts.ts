import { type Account, MASKED_PASSWORD } from '@zorgportaal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { isoOrNull, toPerson } from '../../persons/public.ts';

export type AccountRow = typeof t.accounts.$inferSelect;

/** Case-insensitive, matching the unique index on lower(username). */
export async function findAccountByUsername(db: Db, username: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(t.accounts)
    .where(eq(sql`lower(${t.accounts.username})`, username.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(t.accounts).where(eq(t.accounts.id, id)).limit(1);
  return row;
}

/** The person's live account, if any (one person has at most one). */
export async function findAccountOfPerson(db: Db | Tx, personId: number): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(t.accounts)
    .where(and(eq(t.accounts.personId, personId), sql`not ${t.accounts.deleted}`))
    .limit(1);
  return row;
}

/** Roles of an account and the union of their permissions, sorted for stable output. */
export async function loadRolesAndPermissions(db: Db, accountId: number) {
  const roles = await db
    .select({ Id: t.roles.id, Name: t.roles.name, permissions: t.roles.permissions })
    .from(t.accountRoles)
    .innerJoin(t.roles, eq(t.accountRoles.roleId, t.roles.id))
    .where(eq(t.accountRoles.accountId, accountId))
    .orderBy(t.roles.name);
  const permissions = [...new Set(roles.flatMap((r) => r.permissions))].sort();
  return { roles: roles.map(({ Id, Name }) => ({ Id, Name })), permissions };
}

/** Account row → the spec's Account JSON (§3). Never carries the hash: Password is the placeholder. */
export async function toAccountView(db: Db, row: AccountRow): Promise<Account> {
  const [person, rolesAndPermissions, teams, groups, subscriptions] = await Promise.all([
    row.personId
      ? db.select().from(t.persons).where(eq(t.persons.id, row.personId)).limit(1)
      : Promise.resolve([]),
    loadRolesAndPermissions(db, row.id),
    db
      .select({ Id: t.teams.id, Name: t.teams.name })
      .from(t.accountTeams)
      .innerJoin(t.teams, eq(t.accountTeams.teamId, t.teams.id))
      .where(eq(t.accountTeams.accountId, row.id)),
    db
      .select({
        Id: t.groups.id,
        Name: t.groups.name,
        canSend: t.accountGroups.canSend,
        canReceive: t.accountGroups.canReceive,
      })
      .from(t.accountGroups)
      .innerJoin(t.groups, eq(t.accountGroups.groupId, t.groups.id))
      .where(eq(t.accountGroups.accountId, row.id)),
    db.select().from(t.accountSubscriptions).where(eq(t.accountSubscriptions.accountId, row.id)),
  ]);
  return {
    Id: row.id,
    Username: row.username,
    Password: MASKED_PASSWORD,
    Person: person[0] ? toPerson(person[0]) : null,
    Active: row.active,
    AccountActivePeriod:
      row.activeFrom || row.activeUntil
        ? { Start: isoOrNull(row.activeFrom), End: isoOrNull(row.activeUntil) }
        : null,
    Deleted: row.deleted,
    Teams: teams,
    Roles: rolesAndPermissions.roles,
    AccountSubscription: subscriptions.map((s) => ({
      ProductId: s.productId,
      Start: isoOrNull(s.startsAt),
      End: isoOrNull(s.endsAt),
    })),
    UserVersions: [],
    GroupsSendTo: groups.filter((g) => g.canSend).map(({ Id, Name }) => ({ Id, Name })),
    GroupsReceivesFrom: groups.filter((g) => g.canReceive).map(({ Id, Name }) => ({ Id, Name })),
    LastLogin: isoOrNull(row.lastLogin),
    EmailAddress: row.emailAddresses,
    EmployeeNumber: row.employeeNumber,
    Permissions: rolesAndPermissions.permissions.map((name) => ({ name })),
  };
}

/** Deactivates the account; the updated row. */
export async function deactivateAccount(db: Db, id: number): Promise<AccountRow | undefined> {
  const [updated] = await db
    .update(t.accounts)
    .set({ active: false })
    .where(eq(t.accounts.id, id))
    .returning();
  return updated;
}

/** Deactivates every account of the person in the entity (the person went to the trash can); their ids. */
export async function deactivatePersonAccounts(
  tx: Tx,
  personId: number,
  entityId: number,
): Promise<number[]> {
  const rows = await tx
    .update(t.accounts)
    .set({ active: false })
    .where(and(eq(t.accounts.personId, personId), eq(t.accounts.entityId, entityId)))
    .returning({ id: t.accounts.id });
  return rows.map((r) => r.id);
}
