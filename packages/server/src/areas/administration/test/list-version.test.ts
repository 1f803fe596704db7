import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { dayBounds, localDate } from '../../../platform/time.ts';
import { departmentIdOf } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { agreementsInForce, dayListVersion } from '../queries/index.ts';

/**
 * A ward's version comes from its own statement (one department, planned once) and several wards' from
 * another (arrays and a scope, planned per call): both must fingerprint the same things.
 */
describe('the day list version of one ward and of several', () => {
  let t: TestApp;
  let eikenhof = 0;
  let lindehof = 0;
  const today = localDate(new Date());
  /** Through the several-wards statement: a scope without clients adds nothing to the ward's. */
  const viaScope = (departmentId: number) => dayListVersion(t.db, [departmentId], today, [-1]);
  beforeAll(async () => {
    t = await buildTestApp();
    eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    lindehof = await departmentIdOf(t, 'Afdeling Lindehof');
  });
  afterAll(() => t.close());

  it('is the same for one ward through either statement, and differs between wards', async () => {
    const own = await dayListVersion(t.db, [eikenhof], today);
    expect(own).toBe(await viaScope(eikenhof));
    expect(await dayListVersion(t.db, [lindehof], today)).toBe(await viaScope(lindehof));
    expect(own.split(':')[1]).not.toBe((await dayListVersion(t.db, [lindehof], today)).split(':')[1]);
  });

  it("moves through either statement when a client's name changes", async () => {
    const before = await dayListVersion(t.db, [eikenhof], today);
    const [client] = await t.db
      .select({ personId: s.patients.personId })
      .from(s.patients)
      .where(eq(s.patients.departmentId, eikenhof))
      .orderBy(s.patients.id)
      .limit(1);
    await t.db.update(s.persons).set({ lastName: 'Versie' }).where(eq(s.persons.id, client!.personId));
    const after = await dayListVersion(t.db, [eikenhof], today);
    expect(after).not.toBe(before);
    expect(after).toBe(await viaScope(eikenhof));
  });

  /** An agreement of the ward in force today (what the list is built from), with its product. */
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
    return { id: agreement.id, medicationId: agreement.medicationId };
  }

  it('stays the same while nothing changes, also after a change that was rolled back', async () => {
    const before = await dayListVersion(t.db, [eikenhof], today);
    expect(await dayListVersion(t.db, [eikenhof], today)).toBe(before);
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
    expect(await dayListVersion(t.db, [eikenhof], today)).toBe(before);
    expect(await viaScope(eikenhof)).toBe(before);
  });

  it.each([
    [
      'a client',
      async () => {
        const [client] = await t.db
          .select()
          .from(s.patients)
          .where(eq(s.patients.departmentId, eikenhof))
          .limit(1);
        await t.db.update(s.patients).set({ room: 'V-1' }).where(eq(s.patients.id, client!.id));
      },
    ],
    [
      'an agreement',
      async () => {
        const { id } = await anAgreement();
        await t.db
          .update(s.medicationAgreements)
          .set({ prescriber: 'Dr. Versie' })
          .where(eq(s.medicationAgreements.id, id));
      },
    ],
    [
      "an agreement's product",
      async () => {
        const { medicationId } = await anAgreement();
        await t.db.update(s.medications).set({ form: 'versie' }).where(eq(s.medications.id, medicationId));
      },
    ],
  ])('moves through either statement when %s changes', async (_, change) => {
    const before = await dayListVersion(t.db, [eikenhof], today);
    await change();
    const after = await dayListVersion(t.db, [eikenhof], today);
    expect(after).not.toBe(before);
    expect(after).toBe(await viaScope(eikenhof));
  });
});
