import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anyJson,
  deeplyNested,
  encode,
  fromSchema,
  NASTY_STRINGS,
  pathValue,
} from './helpers/fuzz-values.ts';
import { bearer, login } from './helpers/login.ts';
import { fillPath, operationsOf, type Operation } from './helpers/openapi.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Fuzzes every operation of the OpenAPI document as a logged-in Beheerder: generated ids, query values
 * and bodies (fast-check, fixed seed) plus fixed attacks (ids past int32, too-long and broken path
 * segments, NUL bytes, 1 MB strings, deep nesting, invalid JSON, wrong content type). Not one answer
 * may be a 5xx, and every error body is `{ Code, Message }`.
 */
const SEED = 20_261_123;
const RANDOM_CASES_PER_OPERATION = 8;
/** Login and password calls come from another address, so the limits they hit never lock out the session. */
const FUZZ_ADDRESS = '192.0.2.10';
const loginLimited = (op: Operation) => /^\/(oauth|api\/auth)\//.test(op.path);
/**
 * Live event streams stay open for minutes once accepted, so an injected call would never return; their
 * refusals and their events are tested in src/areas/communication/test/stream.test.ts.
 */
const isEventStream = (op: Operation) =>
  op.method === 'GET' && /\/communication\/(stream|events)$/.test(op.path);

interface Case {
  label: string;
  request: InjectOptions;
}

/** Stable per-operation seed, so a failure reproduces whatever routes are added. */
const seedOf = (key: string) => [...key].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) | 0, SEED);

const isForm = (op: Operation) => op.bodyType === 'application/x-www-form-urlencoded';

function encodeBody(op: Operation, body: unknown): Pick<InjectOptions, 'payload' | 'headers'> {
  if (!isForm(op)) return { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : { value: body };
  const form = new URLSearchParams(
    Object.entries(fields).map(([k, v]): [string, string] => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]),
  );
  return { payload: form.toString(), headers: { 'content-type': op.bodyType! } };
}

function urlOf(op: Operation, params: Record<string, string>, query: Record<string, string>) {
  const search = Object.entries(query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return fillPath(op.path, params) + (search ? `?${search}` : '');
}

const queryValue = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS).map(encode),
  fc.integer().map(String),
  fc.string({ maxLength: 20 }).map(encode),
);

/** Header values a client can send (printable ASCII, as HTTP allows); valid UUIDs reach the handlers. */
const headerValue = fc.oneof(
  fc.uuid(),
  fc.constantFrom('', 'not-a-uuid', 'x'.repeat(8_000), '00000000-0000-0000-0000-000000000000'),
  fc.stringMatching(/^[\x20-\x7e]{0,60}$/),
);

function randomCases(op: Operation): Case[] {
  const key = `${op.method} ${op.path}`;
  const arbitrary = fc.record({
    params: fc.record(Object.fromEntries(op.pathParams.map((p) => [p, pathValue]))),
    query: fc.record(Object.fromEntries(op.query.map((q) => [q.name, queryValue])), { requiredKeys: [] }),
    headers: fc.record(Object.fromEntries(op.headers.map((h) => [h.name, headerValue])), {
      requiredKeys: [],
    }),
    body: op.body ? fc.oneof({ weight: 3, arbitrary: fromSchema(op.body) }, anyJson) : fc.constant(undefined),
  });
  return fc.sample(arbitrary, { seed: seedOf(key), numRuns: RANDOM_CASES_PER_OPERATION }).map((c, i) => {
    const body = c.body === undefined ? {} : encodeBody(op, c.body);
    return {
      label: `random #${i}`,
      request: {
        method: op.method,
        url: urlOf(op, c.params as Record<string, string>, c.query as Record<string, string>),
        ...body,
        headers: { ...body.headers, ...(c.headers as Record<string, string>) },
      },
    };
  });
}

function fixedCases(op: Operation): Case[] {
  const ids = Object.fromEntries(op.pathParams.map((p) => [p, '1']));
  const url = fillPath(op.path, ids);
  const cases: Case[] = [];
  for (const bad of ['2147483648', '0x10', 'a'.repeat(150), '%E0%A4%A', '%00']) {
    if (op.pathParams.length === 0) break;
    const params = Object.fromEntries(op.pathParams.map((p) => [p, bad]));
    cases.push({
      label: `path ${bad.slice(0, 12)}`,
      request: { method: op.method, url: fillPath(op.path, params) },
    });
  }
  if (op.query.length > 0) {
    for (const [label, value] of [
      ['NUL', '%00'],
      ['20 kB', 'x'.repeat(20_000)],
      ['2^31', '2147483648'],
    ]) {
      const query = Object.fromEntries(op.query.map((q) => [q.name, value!]));
      cases.push({ label: `query ${label}`, request: { method: op.method, url: urlOf(op, ids, query) } });
    }
  }
  for (const header of op.headers) {
    // A key used twice: once with a valid body shape, once with another (the second must be refused, not fail).
    const reused = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    for (const [label, value] of [
      ['not a UUID', 'not-a-uuid'],
      ['8 kB', 'k'.repeat(8_000)],
      ['two values', `${reused}, ${reused}`],
      ['reused 1', reused],
      ['reused 2', reused],
    ]) {
      const payload = label === 'reused 2' ? { Note: 'ander verzoek' } : {};
      cases.push({
        label: `header ${header.name} ${label}`,
        request: {
          method: op.method,
          url,
          ...(op.body ? encodeBody(op, payload) : {}),
          headers: { ...(op.body ? { 'content-type': 'application/json' } : {}), [header.name]: value! },
        },
      });
    }
  }
  if (op.body) {
    const fields = Object.keys(op.body.properties ?? { value: null });
    const every = (value: unknown) => Object.fromEntries(fields.map((f) => [f, value]));
    const json = { 'content-type': 'application/json' };
    cases.push(
      {
        label: 'NUL in every field',
        request: { method: op.method, url, ...encodeBody(op, every('a\u0000b')) },
      },
      {
        label: '2^31 in every field',
        request: { method: op.method, url, ...encodeBody(op, every(2147483648)) },
      },
      {
        label: '900 kB strings',
        request: { method: op.method, url, ...encodeBody(op, every('x'.repeat(900_000 / fields.length))) },
      },
      {
        label: '1 MB string',
        request: { method: op.method, url, ...encodeBody(op, every('x'.repeat(1_100_000))) },
      },
      {
        label: 'deep nesting',
        request: { method: op.method, url, headers: json, payload: `{"${fields[0]}":${deeplyNested(5000)}}` },
      },
      { label: 'invalid JSON', request: { method: op.method, url, headers: json, payload: '{"a":' } },
      {
        label: 'wrong content type',
        request: { method: op.method, url, headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
      },
      { label: 'no body', request: { method: op.method, url } },
    );
  }
  return cases;
}

describe('fuzzing every operation of /api/docs/json', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await login(t.app, 'beheerder')).access_token;
  });
  afterAll(() => t.close());

  it('never answers 5xx and always answers errors as { Code, Message }', async () => {
    const operations = (await operationsOf(t.app)).filter((op) => !isEventStream(op));
    const failures: string[] = [];
    let requests = 0;
    const statuses: Record<number, number> = {};
    for (const op of operations) {
      for (const { label, request } of [...fixedCases(op), ...randomCases(op)]) {
        const send = () =>
          t.app.inject({
            ...request,
            ...(loginLimited(op) ? { remoteAddress: FUZZ_ADDRESS } : {}),
            headers: { ...request.headers, ...bearer(token) },
          } as InjectOptions);
        let res = await send();
        requests++;
        // A fuzzed call may end the session (logout, deactivating oneself): log in again and go on.
        if (res.statusCode === 401 && !loginLimited(op)) {
          token = (await login(t.app, 'beheerder')).access_token;
          res = await send();
          requests++;
        }
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const where = `${op.method} ${op.path} [${label}] ${String(request.url).slice(0, 80)}`;
        if (res.statusCode >= 500) failures.push(`${where} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        else if (res.statusCode >= 400) {
          let body: { Code?: unknown; Message?: unknown } = {};
          try {
            body = res.json();
          } catch {
            /* not JSON: reported below */
          }
          if (typeof body.Code !== 'string' || typeof body.Message !== 'string')
            failures.push(`${where} → ${res.statusCode} without Code/Message: ${res.body.slice(0, 120)}`);
        }
      }
    }
    console.info(`fuzz: ${requests} requests over ${operations.length} operations`, statuses);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(500);
    // Not only schema refusals: generated calls reach the handlers and succeed or miss records.
    expect(statuses[200] ?? 0).toBeGreaterThan(20);
  }, 120_000);
});
