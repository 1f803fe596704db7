import { PRODUCT_ID } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { secretContext } from '../../platform/crypto.ts';
import * as t from './tables.ts';
import { sealSecret } from '../../platform/secret-box.ts';
import { type DemoPerson, seedDemoPersons } from '../persons/demo.ts';

const TEAMS = ['Team Noord', 'Team Zuid'];
const GROUPS = ['Dagdienst', 'Nachtdienst'];

/** Teams and communication groups for every demo entity, so the account form has choices. */
export async function seedDemoTeams(tx: Tx, entityIds: number[]): Promise<void> {
  if (entityIds.length === 0) return;
  await tx.insert(t.teams).values(entityIds.flatMap((entityId) => TEAMS.map((name) => ({ entityId, name }))));
  await tx
    .insert(t.groups)
    .values(entityIds.flatMap((entityId) => GROUPS.map((name) => ({ entityId, name }))));
}

/**
 * Communication group memberships of demo accounts (GroupsSendTo / GroupsReceivesFrom): the communication
 * demo decides who writes to whom, the accounts area stores it.
 */
export async function seedDemoGroupMembers(
  tx: Tx,
  rows: readonly (typeof t.accountGroups.$inferInsert)[],
): Promise<void> {
  if (rows.length) await tx.insert(t.accountGroups).values([...rows]);
}

/** A demo member of staff: their person and their account in one organisation. */
export interface DemoStaff extends DemoPerson {
  username: string;
  roles: readonly string[];
  employeeNumber: string;
  mustChangePassword?: boolean;
  totp?: boolean;
}

export interface DemoAccountOptions {
  /** One hash for every demo account: argon2id costs ~50 ms and they share the password. */
  passwordHash: string;
  /** Role name → id of the default (global) roles. */
  roleIds: ReadonlyMap<string, number>;
  emailDomain: string;
  /** The TOTP secret of the accounts with `totp`. */
  totpSecret: string;
  secretKey: string;
}

/**
 * The demo staff: a person and an account each (e-mail `username@emailDomain`), their roles in their own
 * organisation and the portal subscription. Returns the account ids in the order of `staff`.
 */
export async function seedDemoAccounts(
  tx: Tx,
  staff: readonly DemoStaff[],
  opts: DemoAccountOptions,
): Promise<number[]> {
  if (staff.length === 0) return [];
  const personIds = await seedDemoPersons(tx, staff);
  const accountRows = await tx
    .insert(t.accounts)
    .values(
      staff.map((a, i) => ({
        entityId: a.entityId,
        personId: personIds[i]!,
        username: a.username,
        passwordHash: opts.passwordHash,
        emailAddresses: [`${a.username}@${opts.emailDomain}`],
        employeeNumber: a.employeeNumber,
        mustChangePassword: a.mustChangePassword ?? false,
        totpEnabled: a.totp ?? false,
      })),
    )
    .returning({ id: t.accounts.id });
  const accountIds = accountRows.map((row) => row.id);
  // The TOTP secret is sealed with the account id as context, so it needs the id first.
  for (const [i, a] of staff.entries()) {
    if (!a.totp) continue;
    const id = accountIds[i]!;
    await tx
      .update(t.accounts)
      .set({ totpSecretEncrypted: sealSecret(opts.totpSecret, opts.secretKey, secretContext(id)) })
      .where(eq(t.accounts.id, id));
  }
  await tx.insert(t.accountRoles).values(
    staff.flatMap((a, i) =>
      a.roles.map((role) => ({
        accountId: accountIds[i]!,
        roleId: opts.roleIds.get(role)!,
        entityId: a.entityId,
      })),
    ),
  );
  await tx
    .insert(t.accountSubscriptions)
    .values(
      staff.map((a, i) => ({ accountId: accountIds[i]!, entityId: a.entityId, productId: PRODUCT_ID })),
    );
  return accountIds;
}
