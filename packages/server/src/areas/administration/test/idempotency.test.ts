import { randomUUID } from 'node:crypto';
import type { Agreement, Registration } from '@zorgportaal/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { type Database, openDatabase } from '../../../platform/db/client.ts';
import * as s from '../../../schema.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { answerOf, asNeededDose, at, hoursAgo, keyedWorld } from '../../../../test/helpers/keyed-world.ts';

/**
 * Registering once (platform/idempotency.ts): a registration sent again with the same Idempotency-Key
 * answers the first answer and never registers twice, also when the copies arrive at once, after a
 * restart or at another instance. The double check, conflicts and the cleanup: idempotency-checks.test.ts.
 */
describe('administration: Idempotency-Key on registrations', () => {
  let w: Awaited<ReturnType<typeof keyedWorld>>;
  /** As needed, no daily maximum: nothing but the key keeps a copy from registering again. */
  let prn: Agreement;
  let timed: Agreement;
  const prnDose = (extra: object = {}) => asNeededDose(prn, extra);

  beforeAll(async () => {
    w = await keyedWorld('Eenmalig');
    prn = await w.asNeeded();
    timed = await w.everyTwoHours();
  });
  afterAll(() => w.t.close());

  it('the same key twice: one registration, the same status and body, the repeat marked as replayed', async () => {
    const key = randomUUID();
    const before = await w.rowsOf(prn.Id);
    const body = prnDose({ AdministeredAt: hoursAgo(2) });
    const first = await w.register(body, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await w.register(body, key);
    expect(answerOf(again)).toEqual(answerOf(first));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await w.rowsOf(prn.Id)).toBe(before + 1);
    // Without a key the same body is simply another dose, as before.
    expect((await w.register(body)).statusCode).toBe(201);
    expect(await w.rowsOf(prn.Id)).toBe(before + 2);
  });

  it('five copies at once: exactly one registration, and all five get its answer', async () => {
    const key = randomUUID();
    const body = prnDose();
    const before = await w.rowsOf(prn.Id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => w.register(body, key)));
    expect(await w.rowsOf(prn.Id)).toBe(before + 1);
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await w.keysOf(key)).toBe(1);
  });

  it('five copies of a timed dose at once: one registration, no 409 for the copies', async () => {
    const key = randomUUID();
    const body = {
      AgreementId: timed.Id,
      ScheduledAt: at('06:00'),
      Status: 'given',
      AdministeredAt: at('06:00'),
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => w.register(body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const [row] = await w.t.db
      .select({ n: count() })
      .from(s.administrations)
      .where(
        and(
          eq(s.administrations.agreementId, timed.Id),
          eq(s.administrations.scheduledAt, new Date(at('06:00'))),
        ),
      );
    expect(row!.n).toBe(1);
  });

  it('the same key with another body or on another route is 422 naming Idempotency-Key', async () => {
    const key = randomUUID();
    expect((await w.register(prnDose({ Note: 'eerste' }), key)).statusCode).toBe(201);
    const before = await w.rowsOf(prn.Id);
    const other = await w.register(prnDose({ Note: 'tweede' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().Fields).toEqual({ 'Idempotency-Key': expect.any(String) });
    const elsewhere = await w.send('/api/administration/registration/1/doublecheck', {}, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().Fields).toHaveProperty('Idempotency-Key');
    expect(await w.rowsOf(prn.Id)).toBe(before);
  });

  it("another account's same key is its own: both register", async () => {
    const key = randomUUID();
    const before = await w.rowsOf(prn.Id);
    const mine = await w.register(prnDose(), key);
    const theirs = await w.register(prnDose(), key, w.beheerder);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json<Registration>().Id).not.toBe(mine.json<Registration>().Id);
    expect(theirs.json<Registration>().RecordedBy.Username).toBe('beheerder');
    expect(await w.rowsOf(prn.Id)).toBe(before + 2);
  });

  it('a malformed key is 400 naming Idempotency-Key, and nothing is registered', async () => {
    const before = await w.rowsOf(prn.Id);
    for (const bad of ['abc', `${randomUUID()}x`, '', `${randomUUID()}, ${randomUUID()}`]) {
      const res = await w.register(prnDose(), bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().Fields, bad).toEqual({ 'Idempotency-Key': 'De Idempotency-Key moet een UUID zijn.' });
    }
    expect(await w.rowsOf(prn.Id)).toBe(before);
  });

  it('a refused request keeps nothing: the same key goes through once the body is right', async () => {
    const key = randomUUID();
    // 90 minutes late without the reason: 422 naming TimingReason, nothing stored under the key.
    const base = {
      AgreementId: timed.Id,
      ScheduledAt: at('08:00'),
      Status: 'given',
      AdministeredAt: at('08:00', 90),
    };
    const refused = await w.register(base, key);
    expect(refused.statusCode).toBe(422);
    expect(await w.keysOf(key)).toBe(0);
    expect(answerOf(await w.register(base, key))).toEqual(answerOf(refused));
    const accepted = await w.register({ ...base, TimingReason: 'given_late' }, key);
    expect(accepted.statusCode).toBe(201);
  });

  it('a repeat whose checks no longer pass still gets its answer: they passed for the first', async () => {
    // At most one a day: the repeat's own check of the maximum fails, and its key answers.
    const once = await w.asNeeded(1);
    const key = randomUUID();
    // Both doses yesterday: "an hour ago" and "half an hour ago" are two local days just after midnight.
    const body = { ...prnDose({ AdministeredAt: at('10:00') }), AgreementId: once.Id };
    const first = await w.register(body, key);
    expect(first.statusCode).toBe(201);
    const again = await w.register(body, key);
    expect(answerOf(again)).toEqual(answerOf(first));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await w.register({ ...body, AdministeredAt: at('11:00') }, randomUUID())).statusCode).toBe(422);
    expect(await w.rowsOf(once.Id)).toBe(1);
  });

  it('a repeat for an agreement out of reach now gets its answer, and no refusal is logged', async () => {
    const key = randomUUID();
    const body = prnDose();
    const first = await w.register(body, key);
    const [{ entityId }] = (await w.t.db
      .select({ entityId: s.medicationAgreements.entityId })
      .from(s.medicationAgreements)
      .where(eq(s.medicationAgreements.id, prn.Id))) as [{ entityId: number }];
    const [anker] = await w.t.db
      .select()
      .from(s.entities)
      .where(eq(s.entities.name, 'Zorgcentrum Het Anker'));
    await w.t.db
      .update(s.medicationAgreements)
      .set({ entityId: anker!.id })
      .where(eq(s.medicationAgreements.id, prn.Id));
    try {
      const refusedBefore = await auditRows(w.t, { objectType: 'medication_agreement', outcome: 'refused' });
      const again = await w.register(body, key);
      expect(answerOf(again)).toEqual(answerOf(first));
      // Without the key's answer it is out of reach: 404, logged.
      expect((await w.register(body, randomUUID())).statusCode).toBe(404);
      const refusedAfter = await auditRows(w.t, { objectType: 'medication_agreement', outcome: 'refused' });
      expect(refusedAfter.length).toBe(refusedBefore.length + 1);
    } finally {
      await w.t.db
        .update(s.medicationAgreements)
        .set({ entityId })
        .where(eq(s.medicationAgreements.id, prn.Id));
    }
  });

  it('a restarted app on the same database answers a repeat from its stored answer', async () => {
    const key = randomUUID();
    const body = prnDose();
    const first = await w.register(body, key);
    const restarted = await buildApp(w.t.config, w.t.database, { logger: false });
    try {
      await restarted.ready();
      const again = await w.register(body, key, w.nurse, restarted);
      expect(answerOf(again)).toEqual(answerOf(first));
    } finally {
      await restarted.close();
    }
  });

  describe.skipIf(process.env.TEST_DB !== 'postgres')('two instances on one PostgreSQL database', () => {
    let b: FastifyInstance;
    let bDatabase: Database;
    beforeAll(async () => {
      bDatabase = await openDatabase(w.t.config.databaseUrl!);
      b = await buildApp(w.t.config, bDatabase, { logger: false });
      await b.ready();
    });
    afterAll(async () => {
      await b?.close();
      await bDatabase?.close();
    });

    it('the same key at both at once: one registration, the same answer from each', async () => {
      for (let round = 0; round < 3; round++) {
        const key = randomUUID();
        const body = prnDose({ Note: `ronde ${round}` });
        const before = await w.rowsOf(prn.Id);
        const answers = await Promise.all([
          w.register(body, key, w.nurse, w.t.app),
          w.register(body, key, w.nurse, b),
          w.register(body, key, w.nurse, w.t.app),
          w.register(body, key, w.nurse, b),
        ]);
        expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
        expect(new Set(answers.map((a) => a.body)).size).toBe(1);
        expect(await w.rowsOf(prn.Id)).toBe(before + 1);
      }
    });
  });
});
