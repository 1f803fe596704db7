import type { Thread } from '@zorgportaal/contract';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { entityIdOf, groupIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** A thread about an order or an INR value: both sides must see it, and it brings its client along. */
describe('communication: what a thread is about', () => {
  let t: TestApp;
  let nurse: Api;
  let pharmacist: Api;
  let deLindeDag: number;
  let gpDag: number;

  const groupOf = (entity: string, name: string) => groupIdOf(t, entity, name);
  const orderOf = async (entity: string, sent: boolean) => {
    const [row] = await t.db
      .select({ id: s.orders.id, patientId: s.orders.patientId })
      .from(s.orders)
      .where(
        and(
          eq(s.orders.entityId, await entityIdOf(t, entity)),
          sent ? isNotNull(s.orders.sentAt) : isNull(s.orders.sentAt),
          isNotNull(s.orders.patientId),
        ),
      )
      .limit(1);
    return row!;
  };
  const write = (c: Api, body: Record<string, unknown>) =>
    c.post('/api/communication/threads', { Subject: 'Over', Body: 'Graag overleg.', ...body });

  beforeAll(async () => {
    t = await buildTestApp();
    nurse = await apiAs(t.app, 'verpleegkundige');
    pharmacist = await apiAs(t.app, 'apotheker');
    deLindeDag = await groupOf('Apotheek De Linde', 'Dagdienst');
    gpDag = await groupOf('Huisartsenpraktijk Linde', 'Dagdienst');
  });
  afterAll(() => t.close());

  it('links a sent order and its client; the pharmacy reads the thread with the order', async () => {
    const order = await orderOf('Zorgcentrum De Berk', true);
    const res = await write(nurse, { RecipientGroupId: deLindeDag, OrderId: order.id });
    expect(res.statusCode).toBe(201);
    const thread = res.json<Thread>();
    expect(thread.OrderId).toBe(order.id);
    expect(thread.PatientId).toBe(order.patientId);
    const read = await pharmacist.get(`/api/communication/threads/${thread.Id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<Thread>().OrderId).toBe(order.id);
  });

  it("refuses an order the recipient does not see (a draft, another care centre's order) with 404", async () => {
    const draft = await orderOf('Zorgcentrum De Berk', false);
    expect((await write(nurse, { RecipientGroupId: deLindeDag, OrderId: draft.id })).statusCode).toBe(404);
    const foreign = await orderOf('Zorgcentrum Het Anker', true);
    expect((await write(nurse, { RecipientGroupId: deLindeDag, OrderId: foreign.id })).statusCode).toBe(404);
    // The GP practice is no party to any order.
    const sent = await orderOf('Zorgcentrum De Berk', true);
    expect((await write(nurse, { RecipientGroupId: gpDag, OrderId: sent.id })).statusCode).toBe(404);
  });

  it('links an INR value with its value and moment; another client than the chosen one is a field error', async () => {
    const [value] = await t.db
      .select({ id: s.inrValues.id, patientId: s.inrValues.patientId, tenths: s.inrValues.valueTenths })
      .from(s.inrValues)
      .innerJoin(s.patients, eq(s.patients.id, s.inrValues.patientId))
      .where(
        and(
          eq(s.patients.entityId, await entityIdOf(t, 'Zorgcentrum De Berk')),
          eq(s.patients.prescriberEntityId, await entityIdOf(t, 'Huisartsenpraktijk Linde')),
        ),
      )
      .limit(1);
    const res = await write(nurse, { RecipientGroupId: gpDag, InrValueId: value!.id });
    expect(res.statusCode).toBe(201);
    const thread = res.json<Thread>();
    expect(thread.PatientId).toBe(value!.patientId);
    expect(thread.InrValue).toMatchObject({ Id: value!.id, Value: value!.tenths / 10 });
    expect(Number.isNaN(Date.parse(thread.InrValue!.MeasuredAt))).toBe(false);

    const [other] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(
        and(
          eq(s.patients.entityId, await entityIdOf(t, 'Zorgcentrum De Berk')),
          ne(s.patients.id, value!.patientId),
        ),
      )
      .limit(1);
    const mismatch = await write(nurse, {
      RecipientGroupId: gpDag,
      InrValueId: value!.id,
      PatientId: other!.id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().Fields).toHaveProperty('InrValueId');
    expect((await write(nurse, { RecipientGroupId: gpDag, InrValueId: 2_000_000_000 })).statusCode).toBe(404);
    expect((await write(nurse, { RecipientGroupId: gpDag, OrderId: 'x' })).json().Fields).toHaveProperty(
      'OrderId',
    );
  });
});
