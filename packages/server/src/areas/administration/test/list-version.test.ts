import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { POOL_SIZE, rowsOf } from '../../../platform/db/client.ts';
import { addDays, dayBounds, localDate } from '../../../platform/time.ts';
import { departmentIdOf } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { agreementsInForce, dayListVersion } from '../queries/index.ts';

/**
 * A ward's version (every poll of the Toedienlijst) is the sum of its counters, kept by triggers; several wards'
 * (the dashboard) fingerprint the rows themselves. Every change the fingerprint sees must move the counters too,
 * and the counters must move for nothing else than the ward's own changes.
 */
describe('the day list version of one ward and of several', () => {
  let t: TestApp;
  let eikenhof = 0;
  let lindehof = 0;
  const today = localDate(new Date());
  const ward = (departmentId: number) => dayListVersion(t.db, [departmentId], today);
  /** Through the several-wards statement: a scope without clients adds nothing to the ward's. */
  const viaScope = (departmentId: number) => dayListVersion(t.db, [departmentId], today, [-1]);
  const both = async () => ({ ward: await ward(eikenhof), fingerprint: await viaScope(eikenhof) });
  beforeAll(async () => {
    t = await buildTestApp();
    eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    lindehof = await departmentIdOf(t, 'Afdeling Lindehof');
  });
  afterAll(() => t.close());

  async function firstClient() {
    const [client] = await t.db
      .select()
      .from(s.patients)
      .where(eq(s.patients.departmentId, eikenhof))
      .orderBy(s.patients.id)
      .limit(1);
    return client!;
  }

  /** An agreement of the ward in force today (what the list is built from), with its product and client. */
  async function anAgreement() {
    const clients = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(eq(s.patients.departmentId, eikenhof));
    const { start, end } = dayBounds(today);
    const rows = await agreementsInForce(
      t.db,
      clients.map((c) => c.id),
      start,
      end,
    );
    const { agreement } = rows.sort((a, b) => a.agreement.id - b.agreement.id)[0]!;
    return agreement;
  }

  async function aRegistration() {
    const agreement = await anAgreement();
    const at = new Date();
    const [row] = await t.db
      .insert(s.administrations)
      .values({
        entityId: agreement.entityId,
        patientId: agreement.patientId,
        agreementId: agreement.id,
        departmentId: eikenhof,
        medicationId: agreement.medicationId,
        administeredAt: at,
        momentAt: at,
        status: 'given',
        doubleCheckRequired: true,
        recordedBy: 1,
      })
      .returning({ id: s.administrations.id });
    return row!.id;
  }

  it('is per ward, and stays the same while nothing changes, also after a change that was rolled back', async () => {
    expect(await ward(eikenhof)).not.toBe(await ward(lindehof));
    const before = await both();
    expect(await both()).toEqual(before);
    const { id } = await anAgreement();
    await t.db
      .transaction(async (tx) => {
        await tx
          .update(s.medicationAgreements)
          .set({ prescriber: 'Teruggedraaid' })
          .where(eq(s.medicationAgreements.id, id));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await both()).toEqual(before);
  });

  /** Each change, and whether it is of this ward alone (a product is shared by every ward that gives it). */
  it.each<[string, () => Promise<unknown>, boolean?]>([
    [
      'a client',
      async () =>
        t.db
          .update(s.patients)
          .set({ room: 'V-1' })
          .where(eq(s.patients.id, (await firstClient()).id)),
    ],
    [
      "a client's name",
      async () =>
        t.db
          .update(s.persons)
          .set({ lastName: 'Versie' })
          .where(eq(s.persons.id, (await firstClient()).personId)),
    ],
    [
      'an agreement',
      async () =>
        t.db
          .update(s.medicationAgreements)
          .set({ prescriber: 'Dr. Versie' })
          .where(eq(s.medicationAgreements.id, (await anAgreement()).id)),
    ],
    [
      "an agreement's product",
      async () =>
        t.db
          .update(s.medications)
          .set({ form: 'versie' })
          .where(eq(s.medications.id, (await anAgreement()).medicationId)),
      false,
    ],
    [
      'a dosage scheme',
      async () =>
        t.db.insert(s.dosageSchemes).values({
          patientId: (await firstClient()).id,
          drug: 'acenocoumarol',
          validFrom: today,
          halvesPerDay: [2, 2, 2, 2, 2, 2, 2],
          nextCheck: addDays(today, 7),
        }),
    ],
    ['a registration', aRegistration],
    [
      'a double check',
      async () => {
        const id = await aRegistration();
        const before = await both();
        await t.db
          .update(s.administrations)
          .set({ doubleCheckBy: 2, doubleCheckAt: new Date() })
          .where(eq(s.administrations.id, id));
        const after = await both();
        expect(after.ward).not.toBe(before.ward);
        expect(after.fingerprint).not.toBe(before.fingerprint);
      },
    ],
  ])(
    'moves with the fingerprint when %s changes, and not for another ward',
    async (_, change, own = true) => {
      const before = await both();
      const other = await ward(lindehof);
      await change();
      const after = await both();
      expect(after.fingerprint).not.toBe(before.fingerprint);
      expect(after.ward).not.toBe(before.ward);
      if (own) expect(await ward(lindehof)).toBe(other);
    },
  );

  it('moves for a Baxter interim change of a client of the ward (which the fingerprint does not read)', async () => {
    const client = await firstClient();
    // The client's roll of this week (the demo world may have one), or a new one from today.
    const [roll] = await t.db
      .insert(s.baxterRolls)
      .values({
        entityId: client.entityId,
        pharmacyEntityId: client.entityId,
        patientId: client.id,
        departmentId: eikenhof,
        periodStart: today,
        periodEnd: addDays(today, 6),
      })
      .onConflictDoUpdate({
        target: [s.baxterRolls.patientId, s.baxterRolls.periodStart],
        set: { periodEnd: addDays(today, 6) },
      })
      .returning({ id: s.baxterRolls.id });
    const before = await ward(eikenhof);
    await t.db.insert(s.baxterInterimChanges).values({
      rollId: roll!.id,
      agreementId: (await anAgreement()).id,
      kind: 'changed',
      at: new Date(),
      recordedBy: 1,
    });
    const afterChange = await ward(eikenhof);
    expect(afterChange).not.toBe(before);
    // The roll's status is the pharmacy's work, not the ward's list.
    await t.db.update(s.baxterRolls).set({ status: 'laid_out' }).where(eq(s.baxterRolls.id, roll!.id));
    expect(await ward(eikenhof)).toBe(afterChange);
  });

  it('moves for both wards when a client moves from one to the other', async () => {
    const client = await firstClient();
    const [from, to] = [await ward(eikenhof), await ward(lindehof)];
    await t.db.update(s.patients).set({ departmentId: lindehof }).where(eq(s.patients.id, client.id));
    expect(await ward(eikenhof)).not.toBe(from);
    expect(await ward(lindehof)).not.toBe(to);
    await t.db.update(s.patients).set({ departmentId: eikenhof }).where(eq(s.patients.id, client.id));
  });

  it('never comes back to an earlier version: the counters only grow', async () => {
    const seen = new Set([await ward(eikenhof)]);
    for (let i = 0; i < 3; i++) {
      await aRegistration();
      const now = await ward(eikenhof);
      expect(seen.has(now)).toBe(false);
      seen.add(now);
    }
    const [row] = rowsOf<{ negative: number }>(
      await t.db.execute(
        sql`select count(*)::int as negative from department_list_versions where version <= 0`,
      ),
    );
    expect(row!.negative).toBe(0);
  });

  it("reads a ward's counters with the plan kept from call to call, not planned again on every poll", async () => {
    // PostgreSQL plans a named statement's first five calls on each connection with their values: more polls than
    // twice that on every pooled connection, however the pool hands them out (PGlite is one connection).
    const connections = process.env.TEST_DB === 'postgres' ? POOL_SIZE : 1;
    const polls = 2 * 5 * connections + 20;
    for (let i = 0; i < polls; i++) await ward(eikenhof);
    // Every connection's prepared statements (each held at once, so each answers for itself).
    const held = await Promise.all(
      Array.from({ length: connections }, () =>
        t.db.execute(
          sql`select pg_backend_pid() as pid, name, generic_plans::int as generic, custom_plans::int as custom,
                pg_sleep(${connections > 1 ? 0.05 : 0})::text as held
              from pg_prepared_statements where statement like '%from department_list_versions%'`,
        ),
      ),
    );
    // One row per connection and statement, however many of the held queries that connection answered.
    const plans = new Map<string, { generic: number; custom: number }>();
    for (const result of held)
      for (const row of rowsOf<{ pid: number; name: string; generic: number; custom: number }>(result))
        plans.set(`${row.pid} ${row.name}`, row);
    const total = (key: 'generic' | 'custom') => [...plans.values()].reduce((sum, p) => sum + p[key], 0);
    expect(total('generic') + total('custom')).toBeGreaterThanOrEqual(polls);
    expect(total('generic')).toBeGreaterThan(total('custom'));
  });
});
