import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { desc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../../schema.ts';
import type { PGliteKeepingStatements } from '../../../platform/db/pglite-named.ts';
import { freshIp, waitFor } from '../../../../test/helpers/account-security.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const KNOWN = 'apotheker@zorgportaal.example';
const UNKNOWN = 'niemand-hier@zorgportaal.example';

const forgot = (t: TestApp, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgotpassword',
    remoteAddress: freshIp(),
    payload: { email },
  });

/** Collects the app's pino output. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, text: () => lines.join('\n') };
}

describe('forgotten password: the same work for any address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /**
   * The SQL statements (text only, not their values) one request runs, and the mails it hands to the
   * mailer (held here, so the outbox write of a sent mail does not mix into the request's own statements).
   */
  async function workOf(email: string): Promise<{ statements: string[]; mails: number }> {
    // The driver's own query calls: PGlite's client (its kept statements, and those planned per call), or
    // node-postgres' pool on PostgreSQL.
    const pglite = t.database.pglite as PGliteKeepingStatements | undefined;
    const queries = pglite
      ? [vi.spyOn(pglite, 'query'), vi.spyOn(pglite, 'queryPlannedPerCall')]
      : [vi.spyOn(pg.Pool.prototype, 'query')];
    const send = vi.spyOn(t.app.mailer, 'send').mockResolvedValue();
    try {
      const res = await forgot(t, email);
      expect(res.statusCode).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      const textOf = (arg: unknown) =>
        typeof arg === 'string' ? arg : String((arg as { text?: string }).text);
      // In the order they were sent, whichever call sent them.
      const statements = queries
        .flatMap((query) =>
          query.mock.calls.map(([arg], i) => ({ at: query.mock.invocationCallOrder[i]!, text: textOf(arg) })),
        )
        .sort((a, b) => a.at - b.at)
        .map((call) => call.text);
      return { statements, mails: send.mock.calls.length };
    } finally {
      for (const query of queries) query.mockRestore();
      send.mockRestore();
    }
  }

  it('a known and an unknown address run the same statements, in the same order', async () => {
    const known = await workOf(KNOWN);
    const unknown = await workOf(UNKNOWN);
    expect(known.statements.some((q) => q.includes('password_reset_tokens'))).toBe(true);
    expect(known.statements.some((q) => q.includes('audit_log'))).toBe(true);
    expect(unknown.statements).toEqual(known.statements);
    // The one difference, after the answer: only a known address gets its mail.
    expect([known.mails, unknown.mails]).toEqual([1, 0]);
  });
});

describe('forgotten password with a mail server that stalls', () => {
  let t: TestApp;
  let stall: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    // Accepts the connection and never greets: an SMTP client waits for its greeting.
    stall = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => stall.listen(0, '127.0.0.1', resolve));
    const port = (stall.address() as AddressInfo).port;
    t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => stall.close(resolve));
  });

  it('answers a known address while its mail is still waiting for the server', async () => {
    const res = await forgot(t, KNOWN);
    expect(res.statusCode).toBe(200);
    // The mail was attempted (the portal connected) and is still unanswered: the answer did not wait for it.
    await waitFor(async () => sockets.length > 0 || undefined);
    expect(sockets.every((socket) => socket.bytesWritten === 0)).toBe(true);
    expect((await forgot(t, UNKNOWN)).body).toBe(res.body);
  });
});

describe('mail without SMTP_URL: no token in the technical log', () => {
  const log = logCapture();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ logStream: log.stream });
  });
  afterAll(() => t.close());

  it('logs the reset mail with its token masked; the outbox keeps the working link', async () => {
    expect((await forgot(t, KNOWN)).statusCode).toBe(200);
    const mail = await waitFor(
      async () => (await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)))[0],
    );
    const token = /\/change-password\/([\w-]{43})/.exec(mail.text)![1]!;
    await waitFor(async () => log.text().includes('Mail not sent (no SMTP_URL)') || undefined);
    expect(log.text()).toContain('/change-password/•••');
    expect(log.text()).not.toContain(token);
    expect(log.text()).not.toContain(token.slice(0, 16));
  });
});
