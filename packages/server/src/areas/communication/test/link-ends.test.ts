import http from 'node:http';
import type { NetworkLink } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceThread } from '../public.ts';
import * as s from '../../../schema.ts';
import { waitFor } from '../../../../test/helpers/account-security.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/**
 * When a network link ends, the conversations that ran over it end with it: the partner no longer lists
 * their subjects and senders, cannot open them, and its open event stream stops announcing them.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let linkId: number;
let threadId: number;
/** A thread inside Apotheek Centrum: visible to it whatever the network does (the stream's control). */
let ownThreadId: number;
const SUBJECT = 'Levering na de feestdagen';

const call = (user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[user]!), ...(payload ? { payload } : {}) });

/** Apotheek Centrum's open stream: the `message` events it received, in order. */
function openStream(token: string): Promise<{ threads: number[]; close(): void }> {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port: address.port, path: '/api/communication/stream', headers: bearer(token) },
      (res) => {
        const stream = { threads: [] as number[], ready: false, close: () => req.destroy() };
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (/^event: ready$/m.test(block)) resolve(stream);
            const data = /^event: message\ndata: (.*)$/m.exec(block)?.[1];
            if (data) stream.threads.push((JSON.parse(data) as { ThreadId: number }).ThreadId);
          }
        });
        res.on('error', () => {});
      },
    );
    req.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(err);
    });
  });
}

const centrumSubjects = async () =>
  (await call('centrum', 'GET', '/api/communication/threads'))
    .json()
    .Rows.map((x: { Subject: string }) => x.Subject);

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const user of ['anker', 'centrum']) tokens[user] = (await login(t.app, user)).access_token;
  const centrum = await entityIdOf(t, 'Apotheek Centrum');
  const anker = await entityIdOf(t, 'Zorgcentrum Het Anker');
  linkId = (await call('anker', 'GET', '/api/network'))
    .json()
    .Links.find((l: NetworkLink) => l.From.Id === centrum && l.To.Id === anker && l.Role === 'supplies').Id;
  // Het Anker writes to its pharmacy.
  const [recipient] = (await call('anker', 'GET', '/api/communication/recipients')).json().Rows;
  const created = await call('anker', 'POST', '/api/communication/threads', {
    RecipientGroupId: recipient.Id,
    Subject: SUBJECT,
    Body: 'Graag de levering van 27 december een dag eerder.',
  });
  expect(created.statusCode).toBe(201);
  threadId = created.json().Id;
  const [own] = await t.db
    .insert(s.messageThreads)
    .values({
      fromEntityId: centrum,
      toEntityId: centrum,
      toGroupId: recipient.Id,
      createdBy: 0,
      subject: 'Intern overleg',
    })
    .returning({ id: s.messageThreads.id });
  ownThreadId = own!.id;
});
afterAll(() => t.close());

describe('a network link that ends', () => {
  it('takes the threads that ran over it out of the partner’s list, thread view and event stream', async () => {
    expect(await centrumSubjects()).toContain(SUBJECT);
    const stream = await openStream(tokens.centrum!);
    try {
      await announceThread(t.app, threadId);
      await waitFor(async () => stream.threads.includes(threadId) || null);

      // Het Anker ends the link.
      expect((await call('anker', 'PUT', `/api/network/links/${linkId}`, { Active: false })).statusCode).toBe(
        200,
      );
      const list = (await call('centrum', 'GET', '/api/communication/threads')).json().Rows;
      expect(list.map((x: { Subject: string }) => x.Subject)).not.toContain(SUBJECT);
      expect(JSON.stringify(list)).not.toContain('Het Anker');
      expect((await call('centrum', 'GET', `/api/communication/threads/${threadId}`)).statusCode).toBe(404);

      // The open stream: a new event about the thread is not announced; the control thread still is.
      const before = stream.threads.length;
      await announceThread(t.app, threadId);
      await announceThread(t.app, ownThreadId);
      await waitFor(async () => stream.threads.includes(ownThreadId) || null);
      await announceThread(t.app, ownThreadId);
      await waitFor(async () => stream.threads.filter((id) => id === ownThreadId).length === 2 || null);
      expect(stream.threads.slice(before)).toEqual([ownThreadId, ownThreadId]);
    } finally {
      stream.close();
    }

    // The thread comes back with the link (Het Anker, who ended it, restores it).
    expect((await call('anker', 'PUT', `/api/network/links/${linkId}`, { Active: true })).statusCode).toBe(
      200,
    );
    expect(await centrumSubjects()).toContain(SUBJECT);
  });
});
