import { inflateSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/schema.ts';
import { openSecret } from '../src/platform/secret-box.ts';
import { secretContext } from '../src/platform/crypto.ts';
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

  it('has the twelve accounts with their flags and an encrypted TOTP secret', async () => {
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
      'praktijkbeheer',
      'trombosebeheer',
    ]);
    const tweestaps = accounts.find((a) => a.username === 'tweestaps')!;
    expect(tweestaps.totpEnabled).toBe(true);
    expect(openSecret(tweestaps.totpSecretEncrypted!, TEST_SECRET_KEY, secretContext(tweestaps.id))).toBe(
      DEMO_TOTP_SECRET,
    );
    expect(accounts.find((a) => a.username === 'nieuw')!.mustChangePassword).toBe(true);
  });

  it('gives the care centres, De Linde, the GP practice and the trombosis service a Beheerder', async () => {
    const rows = await t.db
      .select({ entity: s.entities.name, role: s.roles.name })
      .from(s.accountRoles)
      .innerJoin(s.entities, eq(s.entities.id, s.accountRoles.entityId))
      .innerJoin(s.roles, eq(s.roles.id, s.accountRoles.roleId))
      .where(eq(s.roles.name, 'Beheerder'));
    expect([...new Set(rows.map((r) => r.entity))].sort()).toEqual([
      'Apotheek De Linde',
      'Huisartsenpraktijk Linde',
      'Trombosedienst Midden',
      'Zorgcentrum De Berk',
      'Zorgcentrum Het Anker',
    ]);
  });

  it("has one deleted person in each organisation's trash can, deleted by one of its accounts", async () => {
    const trashed = await t.db.select().from(s.persons).where(eq(s.persons.deleted, true));
    const entities = await t.db.select({ id: s.entities.id }).from(s.entities);
    expect(trashed.map((p) => p.entityId).sort()).toEqual(entities.map((e) => e.id).sort());
    for (const person of trashed) {
      expect(person.deletedAt).not.toBeNull();
      expect(person.purgedAt).toBeNull();
    }
  });

  it('signs the demo consents with a drawn signature, not a single pixel', async () => {
    const [consent] = await t.db.select().from(s.consents).limit(1);
    const png = Buffer.from(consent!.signaturePng, 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(300); // width
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(100); // height
    const width = png.readUInt32BE(16);
    const idat = png.subarray(41, 41 + png.readUInt32BE(33));
    const rows = inflateSync(idat);
    // RGBA rows after a filter byte each: count the pixels with ink (alpha > 0).
    const row = width * 4 + 1;
    let ink = 0;
    for (let i = 0; i < rows.length; i++) if (i % row !== 0 && (i % row) % 4 === 0 && rows[i]! > 0) ink++;
    expect(ink).toBeGreaterThan(1000);
  });

  it('does not seed twice', async () => {
    expect(await seedDemoWorld(t.db, { secretKey: TEST_SECRET_KEY })).toBe(false);
  });
});
