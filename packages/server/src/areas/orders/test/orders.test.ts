import type { Order, OrderPage } from '@zorgportaal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireOrders } from '../queries/index.ts';
import * as s from '../../../schema.ts';
import { openDatabase } from '../../../platform/db/client.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { demoPatientOf } from '../../../../test/helpers/medication.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const PHARMACY_LIST = '/api/medication/pharmacy/orders';
const CARE_LIST = '/api/medication/healthcare_provider/orders';
const DECIDE = '/api/medication/pharmacy/order/';
const CREATE = '/api/medication/healthcare_provider/order';

const orderBody = (extra: Record<string, unknown> = {}) => ({
  Urgent: false,
  Reason: 'Voorraad',
  Lines: [{ FreeText: 'Medicijncups', Quantity: 10, Unit: 'stuk' }],
  ...extra,
});

describe('orders between care centre and pharmacy', () => {
  let t: TestApp;
  let nurse: Api; // De Berk, Verpleegkundige
  let pharmacist: Api; // De Linde, Apotheker
  let assistant: Api; // De Linde, Apothekersassistent
  let anker: Api; // Het Anker
  let centrum: Api; // Apotheek Centrum (supplies Het Anker only)
  let deBerk: number;
  let hetAnker: number;

  const create = async (who: Api, extra: Record<string, unknown> = {}) => {
    const res = await who.post(CREATE, orderBody(extra));
    expect(res.statusCode).toBe(201);
    return res.json<Order>();
  };
  const decide = (who: Api, id: number, entity: number, status: string, reason?: string | null) =>
    who.post(DECIDE, { id, entity, status, ...(reason === undefined ? {} : { reason }) });
  const statusOf = async (id: number) =>
    (await t.db.select({ status: s.orders.status }).from(s.orders).where(eq(s.orders.id, id)))[0]!.status;

  beforeAll(async () => {
    t = await buildTestApp();
    nurse = await apiAs(t.app, 'verpleegkundige');
    pharmacist = await apiAs(t.app, 'apotheker');
    assistant = await apiAs(t.app, 'assistent');
    anker = await apiAs(t.app, 'anker');
    centrum = await apiAs(t.app, 'centrum');
    deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    hetAnker = await entityIdOf(t, 'Zorgcentrum Het Anker');
  }, 180_000);
  afterAll(() => t.close());

  it('the demo world has De Berk orders in every status at De Linde, urgent open ones first', async () => {
    const page = (await pharmacist.get(`${PHARMACY_LIST}?pageSize=100`)).json<OrderPage>();
    const statuses = new Set(page.Rows.map((r) => r.Status));
    expect([...statuses].sort()).toEqual(['approved', 'canceled', 'declined', 'expired', 'in_progress']);
    expect(page.Rows.every((r) => r.Entity.Name === 'Zorgcentrum De Berk' && !r.Draft)).toBe(true);
    expect(page.Rows[0]).toMatchObject({ Status: 'in_progress', Urgent: true });
    const declined = page.Rows.find((r) => r.Status === 'declined')!;
    expect(declined.DecisionReason).toMatch(/recept/);
    expect(declined.History.at(-1)).toMatchObject({ From: 'in_progress', To: 'declined', By: 'apotheker' });
    // Newest first after the urgent open ones.
    const rest = page.Rows.filter((r) => !(r.Urgent && r.Status === 'in_progress')).map((r) => r.CreatedAt);
    expect(rest).toEqual([...rest].sort().reverse());
    expect(page.Total).toBe(page.Rows.length);
  });

  it('a care centre orders (with a patient); the pharmacy sees it, a draft only once sent', async () => {
    const patient = await demoPatientOf(t, 'Afdeling Eikenhof');
    const order = await create(nurse, {
      PatientId: patient.id,
      Urgent: true,
      Lines: [{ FreeText: 'Zalf', Quantity: 1, Unit: 'stuk', Note: 'grote tube' }],
    });
    expect(order).toMatchObject({
      Status: 'in_progress',
      Draft: false,
      Urgent: true,
      Patient: { Id: patient.id },
      Department: { Name: 'Afdeling Eikenhof' },
      CreatedBy: 'verpleegkundige',
      Pharmacy: { Name: 'Apotheek De Linde' },
    });
    expect(order.ExpiresAt).not.toBeNull();
    const pharmacyIds = (await pharmacist.get(`${PHARMACY_LIST}?pageSize=100`))
      .json<OrderPage>()
      .Rows.map((r) => r.Id);
    expect(pharmacyIds).toContain(order.Id);

    const draft = await create(nurse, { Send: false });
    expect(draft.Draft).toBe(true);
    const before = (await pharmacist.get(`${PHARMACY_LIST}?pageSize=100`))
      .json<OrderPage>()
      .Rows.map((r) => r.Id);
    expect(before).not.toContain(draft.Id);
    expect((await decide(pharmacist, draft.Id, deBerk, 'approved')).statusCode).toBe(404);
    const sent = await nurse.post(`${CREATE}/${draft.Id}/send`, {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json<Order>().History[0]).toMatchObject({ Sent: true, To: 'in_progress' });
    expect((await nurse.post(`${CREATE}/${draft.Id}/send`, {})).statusCode).toBe(409);
    const after = (await pharmacist.get(`${PHARMACY_LIST}?pageSize=100`))
      .json<OrderPage>()
      .Rows.map((r) => r.Id);
    expect(after).toContain(draft.Id);
    expect(
      (await auditRows(t, { objectType: 'order' })).some(
        (r) => r.action === 'C' && r.patientId === patient.id,
      ),
    ).toBe(true);
  });

  it('refuses bad order bodies with the field named', async () => {
    const noLines = await nurse.post(CREATE, orderBody({ Lines: [] }));
    expect(noLines.statusCode).toBe(400);
    expect(Object.keys(noLines.json<{ Fields: object }>().Fields)).toContain('Lines');
    const empty = await nurse.post(CREATE, orderBody({ Lines: [{ Quantity: 1, Unit: 'stuk' }] }));
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json<{ Fields: object }>().Fields)).toContain('Lines.0.FreeText');
    const unknownProduct = await nurse.post(
      CREATE,
      orderBody({ Lines: [{ MedicationId: 999999, Quantity: 1, Unit: 'stuk' }] }),
    );
    expect(unknownProduct.statusCode).toBe(422);
  });

  it('every legal transition, with history, and the pharmacy decides (assistant too)', async () => {
    const a = await create(nurse);
    const approved = await decide(pharmacist, a.Id, deBerk, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json<Order>().Status).toBe('approved');

    const b = await create(nurse);
    const declined = await decide(assistant, b.Id, deBerk, 'declined', 'Niet op voorraad');
    expect(declined.statusCode).toBe(200);
    expect(declined.json<Order>()).toMatchObject({ Status: 'declined', DecisionReason: 'Niet op voorraad' });
    const reopened = await decide(pharmacist, b.Id, deBerk, 'in_progress', null);
    expect(reopened.statusCode).toBe(200);
    const history = reopened.json<Order>().History;
    expect(history.map((h) => [h.From, h.To])).toEqual([
      [null, 'in_progress'],
      ['in_progress', 'declined'],
      ['declined', 'in_progress'],
    ]);
    expect(history[1]).toMatchObject({ By: 'assistent', Reason: 'Niet op voorraad' });

    const c = await create(nurse);
    const canceled = await nurse.post(`${CREATE}/${c.Id}/cancel`, { Reason: 'Toch niet nodig' });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json<Order>().Status).toBe('canceled');

    // The care centre sees the decision and its reason in its own list.
    const own = (await nurse.get(`${CARE_LIST}?status=declined&pageSize=100`)).json<OrderPage>();
    expect(own.Rows.every((r) => r.Status === 'declined')).toBe(true);
    const audit = await auditRows(t, { objectType: 'order' });
    expect(
      audit.some((r) => r.action === 'U' && r.objectId === String(a.Id) && r.outcome === 'success'),
    ).toBe(true);
  });

  it('illegal transitions are 409 and change nothing', async () => {
    const a = await create(nurse);
    await decide(pharmacist, a.Id, deBerk, 'approved');
    expect((await decide(pharmacist, a.Id, deBerk, 'in_progress')).statusCode).toBe(409);
    expect((await decide(pharmacist, a.Id, deBerk, 'declined', 'te laat')).statusCode).toBe(409);
    expect((await decide(pharmacist, a.Id, deBerk, 'approved')).statusCode).toBe(409);
    expect((await nurse.post(`${CREATE}/${a.Id}/cancel`, {})).statusCode).toBe(409);
    expect(await statusOf(a.Id)).toBe('approved');

    const c = await create(nurse);
    await nurse.post(`${CREATE}/${c.Id}/cancel`, {});
    for (const status of ['approved', 'in_progress'])
      expect((await decide(pharmacist, c.Id, deBerk, status)).statusCode).toBe(409);
    expect((await decide(pharmacist, c.Id, deBerk, 'declined', 'x')).statusCode).toBe(409);
    expect(await statusOf(c.Id)).toBe('canceled');

    const open = await create(nurse);
    expect((await decide(pharmacist, open.Id, deBerk, 'in_progress')).statusCode).toBe(409);
    // A status the pharmacy may never set is a bad request naming the field.
    const bad = await decide(pharmacist, open.Id, deBerk, 'canceled');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<{ Fields: object }>().Fields)).toContain('status');
  });

  it('a decline needs a reason: 400 naming reason', async () => {
    const a = await create(nurse);
    for (const reason of [undefined, null, '', '   ']) {
      const res = await decide(pharmacist, a.Id, deBerk, 'declined', reason);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<{ Fields: object }>().Fields)).toEqual(['reason']);
    }
    expect(await statusOf(a.Id)).toBe('in_progress');
  });

  it('the care centre may not decide, the pharmacy may not order', async () => {
    const a = await create(nurse);
    expect((await decide(nurse, a.Id, deBerk, 'approved')).statusCode).toBe(403);
    expect((await assistant.post(CREATE, orderBody())).statusCode).toBe(403);
    // A pharmacy Beheerder holds every permission, but no pharmacy supplies a pharmacy.
    expect((await pharmacist.post(CREATE, orderBody())).statusCode).toBe(422);
  });

  it('cross-organisation: 404 and a refused entry, in both directions', async () => {
    const berkOrder = await create(nurse);
    const ankerOrder = await create(anker);
    expect(ankerOrder.Pharmacy.Name).toBe('Apotheek Centrum');
    // Centrum does not supply De Berk; De Linde does not supply Het Anker.
    expect((await decide(centrum, berkOrder.Id, deBerk, 'approved')).statusCode).toBe(404);
    expect((await decide(pharmacist, ankerOrder.Id, hetAnker, 'approved')).statusCode).toBe(404);
    // The right pharmacy with the wrong entity is also 404.
    expect((await decide(pharmacist, berkOrder.Id, hetAnker, 'approved')).statusCode).toBe(404);
    // Care centres cannot touch each other's orders.
    expect((await anker.post(`${CREATE}/${berkOrder.Id}/cancel`, {})).statusCode).toBe(404);
    expect((await nurse.post(`${CREATE}/${ankerOrder.Id}/cancel`, {})).statusCode).toBe(404);
    // Nor order for another organisation's patient.
    const foreign = await demoPatientOf(t, 'Wijk Haven');
    expect((await nurse.post(CREATE, orderBody({ PatientId: foreign.id }))).statusCode).toBe(404);
    expect(await statusOf(berkOrder.Id)).toBe('in_progress');
    expect(await statusOf(ankerOrder.Id)).toBe('in_progress');
    const refused = (await auditRows(t, { objectType: 'order', outcome: 'refused' })).map((r) => r.objectId);
    expect(refused).toEqual(expect.arrayContaining([String(berkOrder.Id), String(ankerOrder.Id)]));
    // Lists: each side only its own.
    const centrumRows = (await centrum.get(`${PHARMACY_LIST}?pageSize=100`)).json<OrderPage>().Rows;
    expect(centrumRows.length).toBeGreaterThan(0);
    expect(centrumRows.every((r) => r.Entity.Id === hetAnker)).toBe(true);
    const ankerRows = (await anker.get(`${CARE_LIST}?pageSize=100`)).json<OrderPage>().Rows;
    expect(ankerRows.every((r) => r.Entity.Id === hetAnker)).toBe(true);
    const nurseRows = (await nurse.get(`${CARE_LIST}?pageSize=100`)).json<OrderPage>().Rows;
    expect(nurseRows.every((r) => r.Entity.Id === deBerk)).toBe(true);
    expect(nurseRows.some((r) => r.Draft)).toBe(true);
  });

  it('filters: status, urgent, patient, period; paging wrapper', async () => {
    const urgent = (
      await pharmacist.get(`${PHARMACY_LIST}?urgent=true&status=in_progress`)
    ).json<OrderPage>();
    expect(urgent.Rows.length).toBeGreaterThan(0);
    expect(urgent.Rows.every((r) => r.Urgent && r.Status === 'in_progress')).toBe(true);
    const patient = await demoPatientOf(t, 'Afdeling Eikenhof');
    const byPatient = (await pharmacist.get(`${PHARMACY_LIST}?patientId=${patient.id}`)).json<OrderPage>();
    expect(byPatient.Rows.every((r) => r.Patient?.Id === patient.id)).toBe(true);
    const future = (await pharmacist.get(`${PHARMACY_LIST}?from=2099-01-01`)).json<OrderPage>();
    expect(future).toMatchObject({ Rows: [], Total: 0, TotalExact: true });
    const paged = (await pharmacist.get(`${PHARMACY_LIST}?pageSize=2&page=2`)).json<OrderPage>();
    expect(paged).toMatchObject({ Page: 2, PageSize: 2 });
    expect(paged.Rows).toHaveLength(2);
    expect((await pharmacist.get(`${PHARMACY_LIST}?status=bogus`)).statusCode).toBe(400);
    expect((await pharmacist.get(`${PHARMACY_LIST}?from=2024-02-31`)).statusCode).toBe(400);
  });

  it('an unchanged list refresh is a 304; a new order changes the ETag', async () => {
    const first = await pharmacist.get(PHARMACY_LIST);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: PHARMACY_LIST,
      headers: { ...(await authHeaders('apotheker')), 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    await create(nurse);
    const changed = await t.app.inject({
      method: 'GET',
      url: PHARMACY_LIST,
      headers: { ...(await authHeaders('apotheker')), 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
  });

  async function authHeaders(username: string) {
    const { login } = await import('../../../../test/helpers/login.ts');
    const { access_token } = await login(t.app, username);
    return { authorization: `Bearer ${access_token}` };
  }

  it('the expiry job expires orders sent over 7 days ago, once, even run twice at the same time', async () => {
    const a = await create(nurse);
    const b = await create(anker);
    const longAgo = new Date(Date.now() - 8 * 86_400_000);
    await t.db
      .update(s.orders)
      .set({ sentAt: longAgo })
      .where(sql`${s.orders.id} in (${a.Id}, ${b.Id})`);
    // Two runs at once: on PostgreSQL on two connections (two instances), on PGlite on the one.
    const second = t.database.kind === 'postgres' ? await openDatabase(t.config.databaseUrl!) : t.database;
    try {
      const counts = await Promise.all([expireOrders(t.db, new Date()), expireOrders(second.db, new Date())]);
      expect(counts.reduce((x, y) => x + y, 0)).toBe(2);
      expect(await expireOrders(t.db, new Date())).toBe(0);
    } finally {
      if (second !== t.database) await second.close();
    }
    expect(await statusOf(a.Id)).toBe('expired');
    expect(await statusOf(b.Id)).toBe('expired');
    const history = await t.db
      .select()
      .from(s.orderHistory)
      .where(sql`${s.orderHistory.orderId} in (${a.Id}, ${b.Id}) and ${s.orderHistory.toStatus} = 'expired'`);
    expect(history).toHaveLength(2);
    expect(history.every((h) => h.accountId === null)).toBe(true);
    // The demo order about to expire stays open.
    const open = (await pharmacist.get(`${PHARMACY_LIST}?status=in_progress&pageSize=100`)).json<OrderPage>();
    expect(open.Rows.some((r) => r.Reason === 'Voorraad voor het weekend.')).toBe(true);
    // Expired orders cannot be decided.
    expect((await decide(pharmacist, a.Id, deBerk, 'approved')).statusCode).toBe(409);
  });
});
