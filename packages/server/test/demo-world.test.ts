import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/db/schema/index.ts';
import { openSecret } from '../src/account-security/secret-box.ts';
import { secretContext } from '../src/security/crypto.ts';
import { DEMO_TOTP_SECRET } from '../src/seed/demo-data.ts';
import { seedDemoWorld } from '../src/seed/demo-world.ts';
import { buildTestApp, TEST_SECRET_KEY, type TestApp } from './helpers/test-app.ts';

describe('demo world', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('has the six organisations, their links, departments and ~20 clients per care centre', async () => {
    const entities = await t.db.select().from(s.entities).orderBy(s.entities.id);
    expect(entities.map((e) => [e.name, e.type])).toEqual([
      ['Apotheek De Linde', 'pharmacy'],
      ['Zorgcentrum De Berk', 'carecenter'],
      ['Zorgcentrum Het Anker', 'carecenter'],
      ['Apotheek Centrum', 'pharmacy'],
      ['Huisartsenpraktijk Linde', 'customer'],
      ['Trombosedienst Midden', 'customer'],
    ]);
    const supplies = await t.db.select().from(s.networkLinks).where(eq(s.networkLinks.role, 'supplies'));
    expect(supplies.map((l) => [l.fromEntityId, l.toEntityId])).toEqual([
      [1, 2],
      [4, 3],
    ]);
    const [departments] = await t.db.select({ n: count() }).from(s.departments);
    expect(departments?.n).toBe(4);
    const [clients] = await t.db.select({ n: count() }).from(s.persons).where(eq(s.persons.entityId, 2));
    expect(clients?.n).toBeGreaterThanOrEqual(20);
  });

  it('has the ten accounts with their flags and an encrypted TOTP secret', async () => {
    const accounts = await t.db.select().from(s.accounts).orderBy(s.accounts.id);
    expect(accounts.map((a) => a.username)).toEqual([
      'apotheker',
      'assistent',
      'beheerder',
      'verpleegkundige',
      'nieuw',
      'tweestaps',
      'anker',
      'centrum',
      'huisarts',
      'trombose',
    ]);
    const tweestaps = accounts.find((a) => a.username === 'tweestaps')!;
    expect(tweestaps.totpEnabled).toBe(true);
    expect(openSecret(tweestaps.totpSecretEncrypted!, TEST_SECRET_KEY, secretContext(tweestaps.id))).toBe(
      DEMO_TOTP_SECRET,
    );
    expect(accounts.find((a) => a.username === 'nieuw')!.mustChangePassword).toBe(true);
  });

  it('does not seed twice', async () => {
    expect(await seedDemoWorld(t.db, { secretKey: TEST_SECRET_KEY })).toBe(false);
  });
});
