import { randomUUID } from 'node:crypto';
import type { Agreement, MedicationList, Patient, Registration } from '@zorgportaal/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { type Database, openDatabase } from '../../../platform/db/client.ts';
import { removeExpiredKeys } from '../../../platform/idempotency.ts';
import { localInstant } from '../../../platform/time.ts';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer } from '../../../../test/helpers/login.ts';
import {
  agreementBody,
  departmentIdOf,
  newClient,
  patientBody,
  yesterday,
} from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * Registering once (platform/idempotency.ts): a registration or double check sent again with the same
 * Idempotency-Key answers the first answer and never writes twice, also when the copies arrive at once
 * or at another instance; a moment a colleague registered meanwhile is a 409 with that registration.
 */
describe('administration: Idempotency-Key on registrations and double checks', () => {
  let t: TestApp;
  let nurse: Api;
  let beheerder: Api;
  let patient: Patient;
  /** As needed, no daily maximum: nothing but the key keeps a copy from registering again. */
  let prn: Agreement;
  /** Every two hours, yesterday's moments: a moment per test. */
  let timed: Agreement;
  const at = (time: string, plusMinutes = 0) =>
    new Date(localInstant(yesterday(), time).getTime() + plusMinutes * 60_000).toISOString();
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

  const send = (
    url: string,
    body: object,
    key?: string,
    who: { token: string } = nurse,
    app: FastifyInstance = t.app,
  ) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(who.token), ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: body,
    });
  const register = (body: object, key?: string, who?: { token: string }, app?: FastifyInstance) =>
    send('/api/administration/registration', body, key, who, app);
  const prnDose = (extra: object = {}) => ({
    AgreementId: prn.Id,
    ScheduledAt: null,
    Status: 'given',
    AdministeredAt: hoursAgo(1),
    ...extra,
  });
  const rowsOf = async (agreementId: number) =>
    (
      await t.db
        .select({ n: count() })
        .from(s.administrations)
        .where(eq(s.administrations.agreementId, agreementId))
    )[0]!.n;
  const keysOf = async (key: string) =>
    (await t.db.select().from(s.idempotencyKeys).where(eq(s.idempotencyKeys.key, key))).length;
  /** Status, body and the replay mark of an answer: what the client sees. */
  const answerOf = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body });

  beforeAll(async () => {
    t = await buildTestApp();
    beheerder = await apiAs(t.app, 'beheerder');
    nurse = await apiAs(t.app, 'verpleegkundige');
    const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Eenmalig');
    patient = (
      await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '111222333'))
    ).json();
    const product = async (q: string) =>
      (await beheerder.get(`/api/medication/catalogue?q=${encodeURIComponent(q)}`)).json<MedicationList>()
        .Rows[0]!.Id;
    prn = (
      await beheerder.post(
        '/api/medication/agreement',
        agreementBody(patient.Id, await product('PARACETAMOL TABLET 500MG'), {
          Type: 'as_needed',
          Instructions: { DoseUnit: 'tablet', AsNeededCriterion: 'bij pijn', AsNeededDose: 1 },
        }),
      )
    ).json<Agreement>();
    const moments = ['06:00', '08:00', '10:00', '12:00', '14:00', '16:00', '18:00', '20:00', '22:00'];
    timed = (
      await beheerder.post(
        '/api/medication/agreement',
        agreementBody(patient.Id, await product('METOPROLOL'), {
          Instructions: { DoseUnit: 'tablet', Moments: moments.map((Time) => ({ Time, Dose: 1 })) },
        }),
      )
    ).json<Agreement>();
  });
  afterAll(() => t.close());

  it('the same key twice: one registration, the same status and body, the repeat marked as replayed', async () => {
    const key = randomUUID();
    const before = await rowsOf(prn.Id);
    const body = prnDose({ AdministeredAt: hoursAgo(2) });
    const first = await register(body, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await register(body, key);
    expect(answerOf(again)).toEqual(answerOf(first));
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await rowsOf(prn.Id)).toBe(before + 1);
    // Without a key the same body is simply another dose, as before.
    expect((await register(body)).statusCode).toBe(201);
    expect(await rowsOf(prn.Id)).toBe(before + 2);
  });

  it('five copies at once: exactly one registration, and all five get its answer', async () => {
    const key = randomUUID();
    const body = prnDose();
    const before = await rowsOf(prn.Id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => register(body, key)));
    expect(await rowsOf(prn.Id)).toBe(before + 1);
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await keysOf(key)).toBe(1);
  });

  it('five copies of a timed dose at once: one registration, no 409 for the copies', async () => {
    const key = randomUUID();
    const body = {
      AgreementId: timed.Id,
      ScheduledAt: at('06:00'),
      Status: 'given',
      AdministeredAt: at('06:00'),
    };
    const answers = await Promise.all(Array.from({ length: 5 }, () => register(body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const [row] = await t.db
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
    expect((await register(prnDose({ Note: 'eerste' }), key)).statusCode).toBe(201);
    const before = await rowsOf(prn.Id);
    const other = await register(prnDose({ Note: 'tweede' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().Fields).toEqual({ 'Idempotency-Key': expect.any(String) });
    const elsewhere = await send('/api/administration/registration/1/doublecheck', {}, key);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().Fields).toHaveProperty('Idempotency-Key');
    expect(await rowsOf(prn.Id)).toBe(before);
  });

  it("another account's same key is its own: both register", async () => {
    const key = randomUUID();
    const before = await rowsOf(prn.Id);
    const mine = await register(prnDose(), key);
    const theirs = await register(prnDose(), key, beheerder);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json<Registration>().Id).not.toBe(mine.json<Registration>().Id);
    expect(theirs.json<Registration>().RecordedBy.Username).toBe('beheerder');
    expect(await rowsOf(prn.Id)).toBe(before + 2);
  });

  it('a malformed key is 400 naming Idempotency-Key, and nothing is registered', async () => {
    const before = await rowsOf(prn.Id);
    for (const bad of ['abc', `${randomUUID()}x`, '', `${randomUUID()}, ${randomUUID()}`]) {
      const res = await register(prnDose(), bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().Fields, bad).toEqual({ 'Idempotency-Key': 'De Idempotency-Key moet een UUID zijn.' });
    }
    expect(await rowsOf(prn.Id)).toBe(before);
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
    const refused = await register(base, key);
    expect(refused.statusCode).toBe(422);
    expect(await keysOf(key)).toBe(0);
    expect(answerOf(await register(base, key))).toEqual(answerOf(refused));
    const accepted = await register({ ...base, TimingReason: 'given_late' }, key);
    expect(accepted.statusCode).toBe(201);
  });

  it("a moment a colleague registered meanwhile is 409 with the colleague's registration", async () => {
    const body = {
      AgreementId: timed.Id,
      ScheduledAt: at('10:00'),
      Status: 'given',
      AdministeredAt: at('10:00', 5),
    };
    const colleague = await register(body, randomUUID(), beheerder);
    expect(colleague.statusCode).toBe(201);
    const key = randomUUID();
    const mine = await register({ ...body, AdministeredAt: at('10:00', 7) }, key);
    expect(mine.statusCode).toBe(409);
    expect(mine.json()).toEqual({
      Code: 'CONFLICT',
      Message: expect.any(String),
      Existing: colleague.json<Registration>(),
    });
    // Nothing was registered under the nurse's key; she chooses to correct the colleague's registration.
    expect(await keysOf(key)).toBe(0);
    const correction = await register(
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
    const late = await register(body, randomUUID());
    expect(late.json<{ Existing: Registration }>().Existing.Id).toBe(correction.json<Registration>().Id);
  });

  it('the time of the tap counts: kept as sent, refused after 72 hours, both times in the Logboek', async () => {
    const tapped = hoursAgo(71);
    const res = await register(prnDose({ AdministeredAt: tapped }), randomUUID());
    expect(res.statusCode).toBe(201);
    expect(res.json<Registration>().AdministeredAt).toBe(tapped);
    const [entry] = await auditRows(t, { objectType: 'administration', objectId: res.json().Id });
    const detail = entry!.detail as { AdministeredAt: string; ReceivedAt: string };
    expect(detail.AdministeredAt).toBe(tapped);
    expect(Date.parse(detail.ReceivedAt) - Date.parse(tapped)).toBeGreaterThan(70 * 3_600_000);
    const old = await register(prnDose({ AdministeredAt: hoursAgo(73) }), randomUUID());
    expect(old.statusCode).toBe(422);
    expect(old.json().Fields).toHaveProperty('AdministeredAt');
    // In the future beyond the clock skew: refused by the contract, as before (400).
    const future = await register(
      prnDose({ AdministeredAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    expect(future.statusCode).toBe(400);
    expect(future.json().Fields).toHaveProperty('AdministeredAt');
  });

  it('the double check afterwards: the same key twice checks once and answers the same', async () => {
    const insulin = (
      await beheerder.post(
        '/api/medication/agreement',
        agreementBody(
          patient.Id,
          (await beheerder.get('/api/medication/catalogue?q=INSULINE%20GLARGINE')).json<MedicationList>()
            .Rows[0]!.Id,
          {
            Instructions: { DoseUnit: 'eenheden', Moments: [{ Time: '22:00', Dose: 8 }] },
            DistributionForm: 'loose',
          },
        ),
      )
    ).json<Agreement>();
    const dose = await register({
      AgreementId: insulin.Id,
      ScheduledAt: at('22:00'),
      Status: 'given',
      AdministeredAt: at('22:00'),
    });
    const id = dose.json<Registration>().Id;
    const url = `/api/administration/registration/${id}/doublecheck`;
    const key = randomUUID();
    const copies = await Promise.all(
      [1, 2, 3].map(() => send(url, { Note: 'gecontroleerd' }, key, beheerder)),
    );
    expect(copies.map((c) => c.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(copies.map((c) => c.body)).size).toBe(1);
    expect(copies[0]!.json<Registration>()).toMatchObject({
      AwaitingDoubleCheck: false,
      DoubleCheckBy: { Username: 'beheerder' },
    });
    const later = await send(url, { Note: 'gecontroleerd' }, key, beheerder);
    expect(answerOf(later)).toEqual(answerOf(copies[0]!));
    expect(await auditRows(t, { objectType: 'administration_double_check', objectId: id })).toHaveLength(1);
    // Another key is another check: the registration was checked already.
    expect((await send(url, {}, randomUUID(), beheerder)).statusCode).toBe(409);
  });

  it('keys are kept 7 days: the cleanup removes older ones and keeps younger ones', async () => {
    const day = 24 * 3_600_000;
    const now = Date.now();
    const row = (ageDays: number) => ({
      accountId: nurse.account.Id,
      key: randomUUID(),
      route: 'POST /api/administration/registration',
      requestHash: 'x',
      status: 201,
      body: {},
      createdAt: new Date(now - ageDays * day),
    });
    const [old, oldest, young, fresh] = [row(7.01), row(30), row(6.99), row(0)];
    await t.db.insert(s.idempotencyKeys).values([old, oldest, young, fresh]);
    expect(await removeExpiredKeys(t.db, new Date(now))).toBeGreaterThanOrEqual(2);
    expect(await keysOf(old.key)).toBe(0);
    expect(await keysOf(oldest.key)).toBe(0);
    expect(await keysOf(young.key)).toBe(1);
    expect(await keysOf(fresh.key)).toBe(1);
  });

  it('a restarted app on the same database answers a repeat from its stored answer', async () => {
    const key = randomUUID();
    const body = prnDose();
    const first = await register(body, key);
    const restarted = await buildApp(t.config, t.database, { logger: false });
    try {
      await restarted.ready();
      const again = await register(body, key, nurse, restarted);
      expect(answerOf(again)).toEqual(answerOf(first));
    } finally {
      await restarted.close();
    }
  });

  describe.skipIf(process.env.TEST_DB !== 'postgres')('two instances on one PostgreSQL database', () => {
    let b: FastifyInstance;
    let bDatabase: Database;
    beforeAll(async () => {
      bDatabase = await openDatabase(t.config.databaseUrl!);
      b = await buildApp(t.config, bDatabase, { logger: false });
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
        const before = await rowsOf(prn.Id);
        const answers = await Promise.all([
          register(body, key, nurse, t.app),
          register(body, key, nurse, b),
          register(body, key, nurse, t.app),
          register(body, key, nurse, b),
        ]);
        expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
        expect(new Set(answers.map((a) => a.body)).size).toBe(1);
        expect(await rowsOf(prn.Id)).toBe(before + 1);
      }
    });
  });
});
