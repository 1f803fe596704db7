import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persons } from '../src/schema.ts';
import { type Api, apiAs } from './helpers/api.ts';
import { newPersonBody } from './helpers/persons.ts';
import { bearer, login } from './helpers/login.ts';
import { fillPath, operationsOf, type Operation } from './helpers/openapi.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/** A field no schema knows. */
const EXTRA = 'ZzOnbekendVeld';

/** Bodies that keep accepting unknown fields, each for a stated reason (see platform/plugins/unknown-fields.ts). */
const lenient = (op: Operation) =>
  op.path.startsWith('/oauth/') || `${op.method} ${op.path}` === 'PUT /api/account/profile';

describe('400 for unknown body fields on every operation (generated from /api/docs/json)', () => {
  let t: TestApp;
  let token: string;
  let admin: Api;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await login(t.app, 'beheerder')).access_token;
    admin = await apiAs(t.app, 'beheerder');
  });
  afterAll(() => t.close());

  it('every operation with an object body answers 400 naming the unknown field', async () => {
    const operations = (await operationsOf(t.app)).filter(
      (op) => op.body && op.body.type === 'object' && !lenient(op),
    );
    const wrong: string[] = [];
    for (const op of operations) {
      const params = Object.fromEntries(op.pathParams.map((name) => [name, 1]));
      const form = op.bodyType === 'application/x-www-form-urlencoded';
      const res = await t.app.inject({
        method: op.method,
        url: fillPath(op.path, params),
        headers: {
          ...bearer(token),
          'content-type': form ? op.bodyType! : 'application/json',
        },
        payload: form ? `${EXTRA}=1` : JSON.stringify({ [EXTRA]: 1 }),
        remoteAddress: '192.0.2.77',
      });
      const fields =
        res.statusCode === 400 ? (res.json<{ Fields?: Record<string, string> }>().Fields ?? {}) : {};
      if (res.statusCode !== 400 || !(EXTRA in fields))
        wrong.push(`${op.method} ${op.path} → ${res.statusCode} ${JSON.stringify(fields)}`);
    }
    expect(wrong).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(35);
  });

  it('a valid body with one extra field, at the top or nested, is refused naming its path and stores nothing', async () => {
    const before = (await t.db.select().from(persons)).length;
    const top = await admin.post('/api/person', { ...newPersonBody('Extraveld'), [EXTRA]: true });
    expect(top.statusCode).toBe(400);
    expect(top.json().Fields).toEqual({ [EXTRA]: 'Onbekend veld.' });
    const body = newPersonBody('Extraveld');
    const nested = await admin.post('/api/person', {
      ...body,
      NameInformation: {
        ...body.NameInformation,
        LastName: { ...body.NameInformation.LastName, [EXTRA]: 1 },
      },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().Fields).toEqual({ [`NameInformation.LastName.${EXTRA}`]: 'Onbekend veld.' });
    expect((await t.db.select().from(persons)).length).toBe(before);
    // Without the extra field the same body is stored.
    expect((await admin.post('/api/person', body)).statusCode).toBe(201);
  });
});
