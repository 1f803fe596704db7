import { PRODUCT_ID } from '@zorgportaal/contract';
import { hashPassword } from '../../src/areas/auth/public.ts';
import * as s from '../../src/schema.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo-data.ts';
import type { TestApp } from './test-app.ts';

/**
 * An account administrator with a narrow role (persons and accounts only), to test privilege
 * escalation: the demo Beheerder holds every permission, so it cannot show the refusal.
 */
export async function createLimitedAdmin(t: TestApp, entityId: number, username = 'accountbeheer') {
  const [role] = await t.db
    .insert(s.roles)
    .values({
      entityId,
      name: 'Accountbeheer',
      permissions: ['persons.read', 'persons.write', 'accounts.write'],
    })
    .returning();
  const [person] = await t.db
    .insert(s.persons)
    .values({ entityId, firstNames: 'Karin', lastName: 'Smit' })
    .returning();
  const [account] = await t.db
    .insert(s.accounts)
    .values({
      entityId,
      personId: person!.id,
      username,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailAddresses: [`${username}@example.org`],
    })
    .returning();
  await t.db.insert(s.accountRoles).values({ accountId: account!.id, roleId: role!.id, entityId });
  await t.db
    .insert(s.accountSubscriptions)
    .values({ accountId: account!.id, entityId, productId: PRODUCT_ID });
  return { roleId: role!.id, personId: person!.id, accountId: account!.id };
}
