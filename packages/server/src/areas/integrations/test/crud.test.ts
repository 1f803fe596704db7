import { AUDIT_OBJECTS } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../../schema.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { departmentIdOf } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
let eikenhof: number;
let kompas: number;
beforeAll(async () => {
  t = await buildTestApp({ config: { integrationHosts: ['ecd.example.org'] } });
  for (const user of ['beheerder', 'anker', 'verpleegkundige'])
    tokens[user] = (await login(t.app, user)).access_token;
  eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
  kompas = await departmentIdOf(t, 'Afdeling Kompas');
});
afterAll(() => t.close());

const BASE = '/api/management/settings';
const SECRET = 'zeer-geheime-sleutel-42';
const call = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[user]!), ...(payload ? { payload } : {}) });

const body = (extra: Record<string, unknown> = {}) => ({
  Type: 'webhook',
  Name: 'Meldingen',
  Source: 'https://ecd.example.org/hook',
  Schedule: 'daily',
  WardMapping: [{ WardCode: 'EIK', DepartmentId: eikenhof }],
  ...extra,
});

const refusals = (objectId: number) =>
  auditRows(t, { objectType: AUDIT_OBJECTS.integration, objectId, outcome: 'refused' });

describe('integrations: CRUD and the sealed key', () => {
  it('lists the demo MijnCaress link of De Berk, without any key', async () => {
    const res = await call('beheerder', 'GET', `${BASE}/integrations`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().Rows;
    expect(rows).toContainEqual(
      expect.objectContaining({ Type: 'mijncaress', Source: 'file:demo-bundle.json', HasSecret: false }),
    );
    // Het Anker sees none of De Berk's.
    const other = await call('anker', 'GET', `${BASE}/integrations`);
    expect(other.json().Rows).toEqual([]);
  });

  it('creates, reads, changes and deletes; the key is stored sealed and never sent back', async () => {
    const created = await call('beheerder', 'POST', `${BASE}/integration/0`, body({ Secret: SECRET }));
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain(SECRET);
    const integration = created.json();
    expect(integration).toMatchObject({ Name: 'Meldingen', HasSecret: true, Active: true, LastReport: null });
    expect(integration).not.toHaveProperty('Secret');
    const [stored] = await t.db.select().from(integrations).where(eq(integrations.id, integration.Id));
    expect(stored!.secretSealed).toBeTruthy();
    expect(stored!.secretSealed).not.toContain(SECRET);

    const url = `${BASE}/integration/${integration.Id}`;
    const read = await call('beheerder', 'GET', url);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(SECRET);
    expect(read.body).not.toContain(stored!.secretSealed!);

    // No Secret in the body keeps the key; null removes it.
    const renamed = await call('beheerder', 'PUT', url, body({ Name: 'Meldingen ECD' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ Name: 'Meldingen ECD', HasSecret: true });
    const cleared = await call('beheerder', 'PUT', url, body({ Secret: null }));
    expect(cleared.json().HasSecret).toBe(false);
    const [after] = await t.db.select().from(integrations).where(eq(integrations.id, integration.Id));
    expect(after!.secretSealed).toBeNull();

    const changes = await auditRows(t, { objectType: AUDIT_OBJECTS.integration, objectId: integration.Id });
    expect(changes.map((e) => e.action)).toEqual(['C', 'U', 'U']);
    expect(changes[1]!.changedFields).toEqual(['Name']);
    expect(changes[2]!.changedFields).toEqual(['Name', 'Secret']);

    expect((await call('beheerder', 'DELETE', url)).statusCode).toBe(204);
    expect((await call('beheerder', 'GET', url)).statusCode).toBe(404);
  });

  it('answers 409 to a POST naming an existing own integration', async () => {
    const created = (await call('beheerder', 'POST', `${BASE}/integration/0`, body())).json();
    const again = await call('beheerder', 'POST', `${BASE}/integration/${created.Id}`, body());
    expect(again.statusCode).toBe(409);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ Type: 'ftp' }, 'Type'],
      [{ Name: '  ' }, 'Name'],
      [{ Source: 'ftp://ecd.example.org/x' }, 'Source'],
      [{ Source: 'file:../../etc/passwd' }, 'Source'],
      [{ Source: 'https://user:pw@ecd.example.org/' }, 'Source'],
      [{ Schedule: 'weekly' }, 'Schedule'],
      [{ Secret: 'kort' }, 'Secret'],
      [{ WardMapping: [{ WardCode: '', DepartmentId: eikenhof }] }, 'WardMapping.0.WardCode'],
      // Het Anker's department is not De Berk's own.
      [{ WardMapping: [{ WardCode: 'KOM', DepartmentId: kompas }] }, 'WardMapping.0.DepartmentId'],
    ];
    for (const [extra, field] of cases) {
      const res = await call('beheerder', 'POST', `${BASE}/integration/0`, body(extra));
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().Fields ?? {}), field).toContain(field);
    }
  });

  it('needs settings.manage', async () => {
    expect((await call('verpleegkundige', 'GET', `${BASE}/integrations`)).statusCode).toBe(403);
    expect((await call('verpleegkundige', 'GET', '/api/mijncaress/sync')).statusCode).toBe(403);
  });
});

describe('integrations: other organisations and bulk statuses', () => {
  it("answers 404 to another organisation's integration and logs the attempt as refused", async () => {
    const own = (await call('beheerder', 'POST', `${BASE}/integration/0`, body({ Secret: SECRET }))).json();
    const url = `${BASE}/integration/${own.Id}`;
    const attempts = [
      await call('anker', 'GET', url),
      await call('anker', 'PUT', url, body({ WardMapping: [] })),
      await call('anker', 'DELETE', url),
      await call('anker', 'POST', url, body({ WardMapping: [] })),
      await call('anker', 'GET', `${url}/reports`),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    expect(attempts.every((r) => !r.body.includes(SECRET))).toBe(true);
    expect(await refusals(own.Id)).toHaveLength(5);
    const [unchanged] = await t.db.select().from(integrations).where(eq(integrations.id, own.Id));
    expect(unchanged).toMatchObject({ name: 'Meldingen', active: true });
  });

  it('switches several on and off at once; one foreign id refuses the whole request', async () => {
    const a = (await call('beheerder', 'POST', `${BASE}/integration/0`, body({ Name: 'A' }))).json();
    const b = (await call('beheerder', 'POST', `${BASE}/integration/0`, body({ Name: 'B' }))).json();
    const off = await call('beheerder', 'POST', `${BASE}/integrationstatuses`, {
      Ids: [a.Id, b.Id],
      Active: false,
    });
    expect(off.statusCode).toBe(200);
    const rows = off.json().Rows as { Id: number; Active: boolean }[];
    expect(rows.filter((r) => r.Id === a.Id || r.Id === b.Id).map((r) => r.Active)).toEqual([false, false]);

    const anker = (
      await call('anker', 'POST', `${BASE}/integration/0`, body({ Name: 'Anker', WardMapping: [] }))
    ).json();
    const mixed = await call('anker', 'POST', `${BASE}/integrationstatuses`, {
      Ids: [anker.Id, a.Id],
      Active: true,
    });
    expect(mixed.statusCode).toBe(404);
    const stored = await t.db.select().from(integrations).where(eq(integrations.id, a.Id));
    expect(stored[0]!.active).toBe(false);
    expect(await refusals(a.Id)).toHaveLength(1);

    const empty = await call('beheerder', 'POST', `${BASE}/integrationstatuses`, { Ids: [], Active: true });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().Fields)).toContain('Ids');
  });
});
