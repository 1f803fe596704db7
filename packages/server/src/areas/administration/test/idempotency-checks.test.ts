import { randomUUID } from 'node:crypto';
import type { Agreement, Registration } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeExpiredKeys } from '../../../platform/idempotency.ts';
import * as s from '../../../schema.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';
import { answerOf, asNeededDose, at, hoursAgo, keyedWorld } from '../../../../test/helpers/keyed-world.ts';

/**
 * Around registering once: a moment a colleague registered meanwhile (409 with that registration), the time
 * of the tap, the double check afterwards and at the bedside with a key, and the keys' 7-day cleanup.
 */
describe('administration: conflicts, tap time, double checks and the key cleanup', () => {
  let w: Awaited<ReturnType<typeof keyedWorld>>;
  let prn: Agreement;
  let timed: Agreement;
  let insulin: Agreement;
  const prnDose = (extra: object = {}) => asNeededDose(prn, extra);

  beforeAll(async () => {
    w = await keyedWorld('Botsing');
    prn = await w.asNeeded();
    timed = await w.everyTwoHours();
    insulin = await w.everyTwoHours('INSULINE GLARGINE');
  });
  afterAll(() => w.t.close());

  it("a moment a colleague registered meanwhile is 409 with the colleague's registration", async () => {
    const body = {
      AgreementId: timed.Id,
      ScheduledAt: at('10:00'),
      Status: 'given',
      AdministeredAt: at('10:00', 5),
    };
    const colleague = await w.register(body, randomUUID(), w.beheerder);
    expect(colleague.statusCode).toBe(201);
    const key = randomUUID();
    const mine = await w.register({ ...body, AdministeredAt: at('10:00', 7) }, key);
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toEqual({
      Code: 'CONFLICT',
      Message: expect.any(String),
      Existing: colleague.json<Registration>(),
    });
    // Nothing was registered under the nurse's key; she chooses to correct the colleague's registration.
    expect(await w.keysOf(key)).toBe(0);
    const correction = await w.register(
      {
        ...body,
        Status: 'refused',
        AdministeredAt: null,
        DeviationReason: 'refused',
        CorrectsId: colleague.json().Id,
      },
      randomUUID(),
    );
    expect(correction.statusCode).toBe(201);
    // The next conflict names the registration that counts now: the correction.
    const late = await w.register(body, randomUUID());
    expect(late.json<{ Existing: Registration }>().Existing.Id).toBe(correction.json<Registration>().Id);
  });

  it('the time of the tap counts: kept as sent, refused after 72 hours, both times in the Logboek', async () => {
    const tapped = hoursAgo(71);
    const res = await w.register(prnDose({ AdministeredAt: tapped }), randomUUID());
    expect(res.statusCode).toBe(201);
    expect(res.json<Registration>().AdministeredAt).toBe(tapped);
    const [entry] = await auditRows(w.t, { objectType: 'administration', objectId: res.json().Id });
    const detail = entry!.detail as { AdministeredAt: string; ReceivedAt: string };
    expect(detail.AdministeredAt).toBe(tapped);
    expect(Date.parse(detail.ReceivedAt) - Date.parse(tapped)).toBeGreaterThan(70 * 3_600_000);
    const old = await w.register(prnDose({ AdministeredAt: hoursAgo(73) }), randomUUID());
    expect(old.statusCode).toBe(422);
    expect(old.json().Fields).toHaveProperty('AdministeredAt');
    // In the future beyond the clock skew: refused by the contract, as before (400).
    const future = await w.register(
      prnDose({ AdministeredAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().Fields).toHaveProperty('AdministeredAt');
  });

  it('the double check afterwards: the same key twice checks once and answers the same', async () => {
    const dose = await w.register({
      AgreementId: insulin.Id,
      ScheduledAt: at('22:00'),
      Status: 'given',
      AdministeredAt: at('22:00'),
    });
    const id = dose.json<Registration>().Id;
    const url = `/api/administration/registration/${id}/doublecheck`;
    const key = randomUUID();
    const copies = await Promise.all(
      [1, 2, 3].map(() => w.send(url, { Note: 'gecontroleerd' }, key, w.beheerder)),
    );
    expect(copies.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(copies.map((c) => c.body)).size).toBe(1);
    expect(copies[0]!.json<Registration>()).toMatchObject({
      AwaitingDoubleCheck: false,
      DoubleCheckBy: { Username: 'beheerder' },
    });
    const later = await w.send(url, { Note: 'gecontroleerd' }, key, w.beheerder);
    expect(answerOf(later)).toEqual(answerOf(copies[0]!));
    expect(await auditRows(w.t, { objectType: 'administration_double_check', objectId: id })).toHaveLength(1);
    // Another key is another check: the registration was checked already.
    expect((await w.send(url, {}, randomUUID(), w.beheerder)).statusCode).toBe(409);
  });

  it("at the bedside with a key: a repeat does not check the colleague's credentials again", async () => {
    const key = randomUUID();
    const body = {
      AgreementId: insulin.Id,
      ScheduledAt: at('20:00'),
      Status: 'given',
      AdministeredAt: at('20:00'),
      DoubleCheck: { Username: 'beheerder', Password: DEMO_PASSWORD },
    };
    const first = await w.register(body, key);
    expect(first.statusCode).toBe(201);
    expect(first.json<Registration>()).toMatchObject({ DoubleCheckBy: { Username: 'beheerder' } });
    // The password is no part of what the key stands for: a wrong one in a repeat is never tried.
    const failuresBefore = await auditRows(w.t, { objectType: 'login', outcome: 'failure' });
    const again = await w.register(
      { ...body, DoubleCheck: { Username: 'beheerder', Password: 'fout' } },
      key,
    );
    expect(answerOf(again)).toEqual(answerOf(first));
    expect(await auditRows(w.t, { objectType: 'login', outcome: 'failure' })).toHaveLength(
      failuresBefore.length,
    );
    const id = first.json<Registration>().Id;
    expect(await auditRows(w.t, { objectType: 'administration_double_check', objectId: id })).toHaveLength(1);
    expect(await w.rowsOf(insulin.Id)).toBe(2);
  });

  it('keys are kept 7 days: the cleanup removes older ones and keeps younger ones, also run twice at once', async () => {
    const day = 24 * 3_600_000;
    const now = Date.now();
    const row = (ageDays: number) => ({
      accountId: w.nurse.account.Id,
      key: randomUUID(),
      route: 'POST /api/administration/registration',
      requestHash: 'x',
      status: 201,
      body: {},
      createdAt: new Date(now - ageDays * day),
    });
    const [old, oldest, young, fresh] = [row(7.01), row(30), row(6.99), row(0)];
    await w.t.db.insert(s.idempotencyKeys).values([old, oldest, young, fresh]);
    // Every instance runs the cleanup: two at once remove each expired key once and fail on none.
    const removed = await Promise.all([removeExpiredKeys(w.t.db), removeExpiredKeys(w.t.db)]);
    expect(removed[0] + removed[1]).toBe(2);
    expect(await w.keysOf(old.key)).toBe(0);
    expect(await w.keysOf(oldest.key)).toBe(0);
    expect(await w.keysOf(young.key)).toBe(1);
    expect(await w.keysOf(fresh.key)).toBe(1);
  });
});
