import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** A recognisable name and BSN: if either reaches the technical log, the test fails. */
const MARKER = 'Markeerjansen';
const BSN = '123456782';

/** Collects the app's pino output, one parsed JSON object per line. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('\n') };
}

describe('the technical log holds no user input or patient data', () => {
  const log = logCapture();
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp({
      logStream: log.stream,
      extend: (app) => {
        // A query that fails inside the database with the marker as its parameter (SQLSTATE 42P01, a
        // server fault: a data exception would be answered as bad input), independent of which inputs
        // the routes' schemas refuse before they reach the database.
        app.get('/test/failing-query', async (request) => {
          const { name } = request.query as { name: string };
          await app.db.execute(sql`select * from no_such_table where name = ${name}`);
          return { ok: true };
        });
      },
    });
    token = (await login(t.app, 'beheerder')).access_token;
  });
  afterAll(() => t.close());

  it('logs a failed query with its SQL text, SQLSTATE and request id, not its parameters', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/test/failing-query?name=${MARKER}-${BSN}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(MARKER);
    const errorLine = log.lines
      .map((l) => JSON.parse(l) as { msg?: string; reqId?: string; err?: Record<string, unknown> })
      .find((l) => l.msg === 'request failed');
    expect(errorLine).toBeDefined();
    expect(errorLine!.reqId).toEqual(expect.any(String));
    expect(errorLine!.err).toMatchObject({ code: '42P01', query: expect.stringContaining('name = $1') });
    expect(log.text()).not.toContain(MARKER);
    expect(log.text()).not.toContain(BSN);
  });

  it('keeps search terms and bad input of real endpoints out of the log', async () => {
    const before = log.lines.length;
    for (const url of [
      `/api/personinfo?q=${MARKER}`,
      `/api/personinfo?q=${MARKER}%00`,
      `/api/person/2147483648?name=${MARKER}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(res.body).not.toContain(MARKER);
    }
    const written = log.lines.slice(before).join('\n');
    expect(written).toContain('/api/personinfo'); // the requests were logged, without their query
    expect(written).not.toContain(MARKER);
  });
});
