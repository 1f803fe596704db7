import type { AccountLinkBody, AccountUpdateBody } from '@zorgportaal/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import { registerPurge } from '../../../platform/purge.ts';
import { purgedUsername } from '../../persons/public.ts';
import type { AccountRow } from './accounts.ts';
import { deleteIpEntriesOf } from './ip-allow-list.ts';

/**
 * Stored instead of a hash until the user sets a password through the e-mailed link: it is no PHC
 * string, so every password check against it fails (an administrator never types a password).
 */
export const NO_PASSWORD_HASH = '!no-password-set';

const dateOrNull = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);

/** A (not deleted) account of the entity. */
export async function findEntityAccount(
  db: Db | Tx,
  entityId: number,
  id: number,
): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(t.accounts)
    .where(and(eq(t.accounts.id, id), eq(t.accounts.entityId, entityId), sql`not ${t.accounts.deleted}`))
    .limit(1);
  return row;
}

type Relations = Pick<
  AccountUpdateBody,
  'RoleIds' | 'TeamIds' | 'GroupsSendTo' | 'GroupsReceivesFrom' | 'AccountSubscription'
>;

/** Replaces the relations that are present in `body` (roles, teams, groups, subscriptions). */
export async function replaceRelations(
  tx: Tx,
  accountId: number,
  entityId: number,
  body: Relations,
): Promise<void> {
  if (body.RoleIds) {
    await tx.delete(t.accountRoles).where(eq(t.accountRoles.accountId, accountId));
    const rows = [...new Set(body.RoleIds)].map((roleId) => ({ accountId, roleId, entityId }));
    if (rows.length) await tx.insert(t.accountRoles).values(rows);
  }
  if (body.TeamIds) {
    await tx.delete(t.accountTeams).where(eq(t.accountTeams.accountId, accountId));
    const rows = [...new Set(body.TeamIds)].map((teamId) => ({ accountId, teamId, entityId }));
    if (rows.length) await tx.insert(t.accountTeams).values(rows);
  }
  if (body.GroupsSendTo || body.GroupsReceivesFrom) {
    const current = await tx.select().from(t.accountGroups).where(eq(t.accountGroups.accountId, accountId));
    const send = body.GroupsSendTo ?? current.filter((g) => g.canSend).map((g) => g.groupId);
    const receive = body.GroupsReceivesFrom ?? current.filter((g) => g.canReceive).map((g) => g.groupId);
    await tx.delete(t.accountGroups).where(eq(t.accountGroups.accountId, accountId));
    const rows = [...new Set([...send, ...receive])].map((groupId) => ({
      accountId,
      groupId,
      entityId,
      canSend: send.includes(groupId),
      canReceive: receive.includes(groupId),
    }));
    if (rows.length) await tx.insert(t.accountGroups).values(rows);
  }
  if (body.AccountSubscription) {
    await tx.delete(t.accountSubscriptions).where(eq(t.accountSubscriptions.accountId, accountId));
    const rows = body.AccountSubscription.map((s) => ({
      accountId,
      entityId,
      productId: s.ProductId,
      startsAt: dateOrNull(s.Start),
      endsAt: dateOrNull(s.End),
    }));
    if (rows.length) await tx.insert(t.accountSubscriptions).values(rows);
  }
}

/** Creates the account of a person, without a usable password. */
export async function insertAccount(
  db: Db,
  entityId: number,
  personId: number,
  body: AccountLinkBody,
): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(t.accounts)
      .values({
        entityId,
        personId,
        username: body.Username,
        passwordHash: NO_PASSWORD_HASH,
        emailAddresses: body.EmailAddress,
        employeeNumber: body.EmployeeNumber || null,
        activeFrom: dateOrNull(body.AccountActivePeriod?.Start),
        activeUntil: dateOrNull(body.AccountActivePeriod?.End),
      })
      .returning();
    await replaceRelations(tx, row!.id, entityId, body);
    return row!;
  });
}

/** Applies an update body: only the fields that were sent change. */
export async function applyAccountUpdate(
  db: Db,
  account: AccountRow,
  body: AccountUpdateBody,
): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    const period = body.AccountActivePeriod;
    const changes = {
      ...(body.Username === undefined ? {} : { username: body.Username }),
      ...(body.EmailAddress === undefined ? {} : { emailAddresses: body.EmailAddress }),
      ...(body.EmployeeNumber === undefined ? {} : { employeeNumber: body.EmployeeNumber || null }),
      ...(period === undefined
        ? {}
        : { activeFrom: dateOrNull(period?.Start), activeUntil: dateOrNull(period?.End) }),
      ...(body.Active === undefined ? {} : { active: body.Active }),
    };
    const [row] = Object.keys(changes).length
      ? await tx.update(t.accounts).set(changes).where(eq(t.accounts.id, account.id)).returning()
      : [account];
    await replaceRelations(tx, account.id, account.entityId, body);
    return row!;
  });
}

// A purged person's accounts stay as rows, anonymised, without a password, 2FA or IP allow-list (the auth
// area ends their sessions in its own purge step).
registerPurge('accounts', async (tx, { accounts }) => {
  if (accounts.length > 0)
    await deleteIpEntriesOf(
      tx,
      accounts.map((a) => a.id),
    );
  for (const account of accounts) {
    await tx
      .update(t.accounts)
      .set({
        username: purgedUsername(account.id),
        emailAddresses: [],
        employeeNumber: null,
        passwordHash: NO_PASSWORD_HASH,
        totpEnabled: false,
        totpSecretEncrypted: null,
        active: false,
        deleted: true,
      })
      .where(eq(t.accounts.id, account.id));
  }
});
