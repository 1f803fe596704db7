import type { Agreement, AgreementCreateBodyInput, MedicationList, Patient } from '@zorgportaal/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { localInstant } from '../../src/platform/time.ts';
import * as s from '../../src/schema.ts';
import { type Api, apiAs } from './api.ts';
import { bearer } from './login.ts';
import { agreementBody, departmentIdOf, newClient, patientBody, yesterday } from './medication.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/** Yesterday's planned time `time`, plus minutes, as the body sends it. */
export const at = (time: string, plusMinutes = 0) =>
  new Date(localInstant(yesterday(), time).getTime() + plusMinutes * 60_000).toISOString();
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** An as-needed dose of `agreement` given an hour ago, as the body sends it. */
export const asNeededDose = (agreement: Agreement, extra: object = {}) => ({
  AgreementId: agreement.Id,
  ScheduledAt: null,
  Status: 'given',
  AdministeredAt: hoursAgo(1),
  ...extra,
});
/** What the client sees of an answer: its status and its body, byte for byte. */
export const answerOf = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body });

/**
 * The Idempotency-Key tests' world: a new client of De Berk, the nurse and the Beheerder (a colleague who
 * registers too), and requests that carry a key or not.
 */
export async function keyedWorld(lastName: string) {
  const t: TestApp = await buildTestApp();
  const beheerder: Api = await apiAs(t.app, 'beheerder');
  const nurse: Api = await apiAs(t.app, 'verpleegkundige');
  const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
  const personId = await newClient(t, 'Zorgcentrum De Berk', lastName);
  const patient = (
    await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '111222333'))
  ).json<Patient>();

  const product = async (q: string) =>
    (await beheerder.get(`/api/medication/catalogue?q=${encodeURIComponent(q)}`)).json<MedicationList>()
      .Rows[0]!.Id;
  const agreement = async (q: string, extra: Partial<AgreementCreateBodyInput>) =>
    (
      await beheerder.post('/api/medication/agreement', agreementBody(patient.Id, await product(q), extra))
    ).json<Agreement>();
  /** As needed, no daily maximum unless given: nothing but the key keeps a copy from registering again. */
  const asNeeded = (maxPerDay: number | null = null) =>
    agreement('PARACETAMOL TABLET 500MG', {
      Type: 'as_needed',
      Instructions: {
        DoseUnit: 'tablet',
        AsNeededCriterion: 'bij pijn',
        AsNeededDose: 1,
        AsNeededMaxPerDay: maxPerDay,
      },
    });
  /** Every two hours from 06:00 to 22:00: yesterday's moments, one per test. */
  const everyTwoHours = (q = 'METOPROLOL') =>
    agreement(q, {
      Instructions: {
        DoseUnit: 'tablet',
        Moments: ['06:00', '08:00', '10:00', '12:00', '14:00', '16:00', '18:00', '20:00', '22:00'].map(
          (Time) => ({ Time, Dose: 1 }),
        ),
      },
    });

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
  const rowsOf = async (agreementId: number) =>
    (
      await t.db
        .select({ n: count() })
        .from(s.administrations)
        .where(eq(s.administrations.agreementId, agreementId))
    )[0]!.n;
  const keysOf = async (key: string) =>
    (await t.db.select().from(s.idempotencyKeys).where(eq(s.idempotencyKeys.key, key))).length;

  return { t, nurse, beheerder, patient, agreement, asNeeded, everyTwoHours, send, register, rowsOf, keysOf };
}
