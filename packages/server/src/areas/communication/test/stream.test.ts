import http from 'node:http';
import { PRODUCT_ID, type Thread } from '@zorgportaal/contract';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { type Database, openDatabase } from '../../../platform/db/client.ts';
import * as s from '../../../schema.ts';
import { waitFor } from '../../../../test/helpers/account-security.ts';
import { apiAs } from '../../../../test/helpers/api.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { postForm } from '../../../../test/helpers/account-security.ts';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';

interface Stream {
  events: { event: string; data: unknown }[];
  status: number;
  /** The server ended the response. */
  ended: boolean;
  close(): void;
}

/** Opens GET /api/communication/stream (bearer) or another stream path on a listening app; collects its events. */
async function openStream(
  app: FastifyInstance,
  token: string | null,
  path = '/api/communication/stream',
): Promise<Stream> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port: address.port, path, headers: token ? bearer(token) : {} },
      (res) => {
        const stream: Stream = {
          events: [],
          status: res.statusCode ?? 0,
          ended: false,
          close: () => req.destroy(),
        };
        res.on('end', () => (stream.ended = true));
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) stream.events.push({ event, data: JSON.parse(data) });
          }
        });
        res.on('error', () => {});
        resolve(stream);
      },
    );
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
  });
}

const onPostgres = process.env.TEST_DB === 'postgres';

describe('communication event stream', () => {
  let t: TestApp;
  /** A second instance on the same database (PostgreSQL); on PGlite the same app. */
  let other: FastifyInstance;
  let otherDatabase: Database | null = null;
  let deLindeDag: number;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    if (onPostgres) {
      otherDatabase = await openDatabase(t.config.databaseUrl!);
      other = await buildApp(t.config, otherDatabase, { logger: false });
      await other.listen({ port: 0, host: '127.0.0.1' });
    } else other = t.app;
    const [group] = await t.db
      .select({ id: s.groups.id })
      .from(s.groups)
      .where(
        and(eq(s.groups.entityId, await entityIdOf(t, 'Apotheek De Linde')), eq(s.groups.name, 'Dagdienst')),
      );
    deLindeDag = group!.id;
  });
  afterAll(async () => {
    if (otherDatabase) {
      await other.close();
      await otherDatabase.close();
    }
    await t?.close();
  });

  it(`delivers a message posted ${onPostgres ? 'on another instance' : 'by another user'} to the receiving group only`, async () => {
    const pharmacist = await login(t.app, 'apotheker');
    const gp = await login(t.app, 'huisarts');
    const nurse = await login(t.app, 'verpleegkundige');
    // The pharmacist listens on the other instance; the GP practice is not addressed.
    const pharmacyStream = await openStream(other, pharmacist.access_token);
    const gpStream = await openStream(t.app, gp.access_token);
    try {
      expect(pharmacyStream.status).toBe(200);
      const ready = await waitFor(async () => pharmacyStream.events.find((e) => e.event === 'ready'), 3000);
      expect(ready.data).toHaveProperty('Unread');
      await waitFor(async () => gpStream.events.find((e) => e.event === 'ready'), 3000);

      const res = await t.app.inject({
        method: 'POST',
        url: '/api/communication/threads',
        headers: bearer(nurse.access_token),
        payload: { RecipientGroupId: deLindeDag, Subject: 'Live', Body: 'Komt dit direct binnen?' },
      });
      expect(res.statusCode).toBe(201);
      const threadId = res.json<Thread>().Id;
      const message = await waitFor(
        async () => pharmacyStream.events.find((e) => e.event === 'message'),
        5000,
      );
      expect(message.data).toEqual({ ThreadId: threadId });

      // The answer reaches the nurse's stream as well; the GP never heard of the thread.
      const nurseStream = await openStream(t.app, nurse.access_token);
      try {
        await waitFor(async () => nurseStream.events.find((e) => e.event === 'ready'), 3000);
        await other.inject({
          method: 'POST',
          url: `/api/communication/threads/${threadId}/messages`,
          headers: bearer(pharmacist.access_token),
          payload: { Body: 'Ja.' },
        });
        const answer = await waitFor(async () => nurseStream.events.find((e) => e.event === 'message'), 5000);
        expect(answer.data).toEqual({ ThreadId: threadId });
      } finally {
        nurseStream.close();
      }
      expect(gpStream.events.filter((e) => e.event === 'message')).toEqual([]);
    } finally {
      pharmacyStream.close();
      gpStream.close();
    }
  });

  it('opens the EventSource stream with a stream ticket, never with a forged one or after logout', async () => {
    const nurse = await login(t.app, 'verpleegkundige');
    const ticketOf = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/communication/stream/ticket',
          headers: bearer(nurse.access_token),
        })
      ).json<{ Ticket: string }>().Ticket;
    const ticket = await ticketOf();
    const stream = await openStream(
      t.app,
      null,
      `/api/communication/events?ticket=${encodeURIComponent(ticket)}`,
    );
    try {
      expect(stream.status).toBe(200);
      await waitFor(async () => stream.events.find((e) => e.event === 'ready'), 3000);
    } finally {
      stream.close();
    }
    const [data, signature] = ticket.split('.');
    const payload = JSON.parse(Buffer.from(data!, 'base64url').toString()) as { a: number };
    const forged = `${Buffer.from(JSON.stringify({ ...payload, a: payload.a + 1 })).toString('base64url')}.${signature}`;
    const events = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/communication/events?ticket=${q}` });
    expect((await events(encodeURIComponent(forged))).statusCode).toBe(401);
    expect((await events('x')).statusCode).toBe(401);
    const fresh = await ticketOf();
    await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(nurse.access_token) });
    expect((await events(encodeURIComponent(fresh))).statusCode).toBe(401);
  });

  it('refuses a stream without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/communication/stream' });
    expect(res.statusCode).toBe(401);
  });

  const ticketFor = async (token: string, remoteAddress = '127.0.0.1') =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/communication/stream/ticket',
        headers: bearer(token),
        remoteAddress,
      })
    ).json<{ Ticket: string }>().Ticket;
  const ready = (stream: Stream) => waitFor(async () => stream.events.find((e) => e.event === 'ready'), 3000);
  /** The stream is closed by the server promptly (its lifetime is five minutes). */
  const endsSoon = (stream: Stream) => waitFor(async () => (stream.ended ? true : null), 5000);

  it('ends an open stream at once when its session is logged out, also on another instance', async () => {
    const nurse = await login(t.app, 'verpleegkundige');
    const stream = await openStream(other, nurse.access_token);
    try {
      await ready(stream);
      await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(nurse.access_token) });
      await endsSoon(stream);
    } finally {
      stream.close();
    }
  });

  it('ends a ticket stream at once on a force logout, and keeps other accounts streaming', async () => {
    const admin = await apiAs(t.app, 'beheerder');
    const nurse = await login(t.app, 'verpleegkundige');
    const colleague = await login(t.app, 'apotheker');
    const path = async (token: string) =>
      `/api/communication/events?ticket=${encodeURIComponent(await ticketFor(token))}`;
    const nurseStream = await openStream(other, null, await path(nurse.access_token));
    const colleagueStream = await openStream(other, null, await path(colleague.access_token));
    try {
      await ready(nurseStream);
      await ready(colleagueStream);
      expect((await admin.get(`/api/account/${nurse.Account.Id}/forcelogout`)).statusCode).toBe(200);
      await endsSoon(nurseStream);
      // A message after the force logout still reaches the colleague, whose session is untouched.
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/communication/threads',
        headers: bearer((await login(t.app, 'verpleegkundige')).access_token),
        payload: { RecipientGroupId: deLindeDag, Subject: 'Na uitloggen', Body: 'Nog open?' },
      });
      expect(sent.statusCode).toBe(201);
      await waitFor(async () => colleagueStream.events.find((e) => e.event === 'message'), 5000);
      expect(colleagueStream.ended).toBe(false);
    } finally {
      nurseStream.close();
      colleagueStream.close();
    }
  });

  it('ends a stream whose address leaves the IP allow-list, and streams a ticket only from its own address', async () => {
    const nurse = await login(t.app, 'verpleegkundige');
    const stream = await openStream(t.app, nurse.access_token);
    try {
      await ready(stream);
      // An entry for another address (stored as the account API stores it, and announced the same way).
      const [account] = await t.db.select().from(s.accounts).where(eq(s.accounts.id, nurse.Account.Id));
      await t.db.insert(s.accountIpAllowList).values({
        accountId: nurse.Account.Id,
        entityId: account!.entityId,
        productId: PRODUCT_ID,
        ip: '127.0.0.2',
      });
      await t.app.callerCache.forgetAccount(nurse.Account.Id);
      await endsSoon(stream);

      // From the listed address a ticket is issued, but it does not open a stream from anywhere else.
      const listed = await postForm(
        t.app,
        '/oauth/token',
        {
          grant_type: 'password',
          client_id: 1,
          product_id: 1,
          username: 'verpleegkundige',
          password: DEMO_PASSWORD,
        },
        '127.0.0.2',
      );
      expect(listed.statusCode).toBe(200);
      const ticket = await ticketFor(listed.json<{ access_token: string }>().access_token, '127.0.0.2');
      const elsewhere = await t.app.inject({
        method: 'GET',
        url: `/api/communication/events?ticket=${encodeURIComponent(ticket)}`,
        remoteAddress: '127.0.0.1',
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      stream.close();
      await t.db.delete(s.accountIpAllowList).where(eq(s.accountIpAllowList.accountId, nurse.Account.Id));
      await t.app.callerCache.forgetAccount(nurse.Account.Id);
    }
  });
});
