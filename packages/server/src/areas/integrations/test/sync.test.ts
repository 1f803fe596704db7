import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUDIT_OBJECTS } from '@zorgportaal/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations, patients, persons } from '../../../schema.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { departmentIdOf } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const BSN = 'http://fhir.nl/fhir/NamingSystem/bsn';
const WARD = 'http://mijncaress.nl/fhir/StructureDefinition/ward-code';
const KEY = 'anker-ecd-sleutel-2026';

let t: TestApp;
let server: Server;
let sourceUrl: string;
/** What the local ECD serves next, and the Authorization headers it saw. */
let served: { status: number; body: unknown } = { status: 200, body: {} };
const seenAuth: (string | undefined)[] = [];
const tokens: Record<string, string> = {};

/** When set, the local ECD streams this many bytes chunked (no Content-Length) instead of `served`. */
let streamBytes = 0;
/** When set, the local ECD declares this Content-Length and sends nothing more. */
let declaredLength = 0;
/** Bytes the local ECD managed to write of the current streamed answer. */
let streamedBytes = 0;

/** Writes `total` bytes of a never-ending-looking JSON string in 64 KB chunks, honouring back-pressure. */
function streamChunked(res: ServerResponse, total: number) {
  res.writeHead(200, { 'content-type': 'application/fhir+json' });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  streamedBytes = 0;
  const write = () => {
    while (streamedBytes < total) {
      streamedBytes += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', write);
    }
    res.end();
  };
  res.on('error', () => undefined);
  write();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seenAuth.push(req.headers.authorization);
    if (streamBytes) return streamChunked(res, streamBytes);
    if (declaredLength) {
      res.writeHead(200, { 'content-type': 'application/fhir+json', 'content-length': declaredLength });
      res.write('{');
      return;
    }
    res.writeHead(served.status, { 'content-type': 'application/fhir+json' });
    res.end(JSON.stringify(served.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  sourceUrl = `http://127.0.0.1:${port}/fhir/Patient`;
  // A bare host allows only ports 80/443: the local ECD's own port must be named.
  t = await buildTestApp({ config: { integrationHosts: [`127.0.0.1:${port}`] } });
  for (const user of ['beheerder', 'anker', 'apotheker'])
    tokens[user] = (await login(t.app, user)).access_token;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const call = (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(tokens[user]!), ...(payload ? { payload } : {}) });
const sync = (user: string) => call(user, 'GET', '/api/mijncaress/sync');

const patient = (id: string, bsn: string | null, family: string, ward: string, birthDate = '1940-01-01') => ({
  resource: {
    resourceType: 'Patient',
    id,
    ...(bsn ? { identifier: [{ system: BSN, value: bsn }] } : {}),
    name: [{ use: 'official', family, given: ['Test'] }],
    birthDate,
    extension: [{ url: WARD, valueCode: ward }],
  },
});
const bundle = (...entry: unknown[]) => ({ resourceType: 'Bundle', type: 'collection', entry });

const clientsOf = async (entityId: number, bsns: string[]) =>
  t.db
    .select({ bsn: patients.bsn, departmentId: patients.departmentId, lastName: persons.lastName })
    .from(patients)
    .innerJoin(persons, eq(persons.id, patients.personId))
    .where(and(eq(patients.entityId, entityId), inArray(patients.bsn, bsns)));

describe('GET /api/mijncaress/sync with the shipped demo bundle (De Berk)', () => {
  it('creates the valid clients, refuses the rest with a reason, and a second run changes nothing', async () => {
    const first = await sync('beheerder');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      Outcome: 'partial',
      Created: 4,
      Updated: 0,
      Unchanged: 0,
      Refused: 3,
    });
    const refused = first.json().Lines.filter((l: { Action: string }) => l.Action === 'refused');
    expect(refused.map((l: { Reference: string; Reason: string }) => [l.Reference, l.Reason])).toEqual([
      ['mc-1005', 'Het BSN voldoet niet aan de elfproef.'],
      ['mc-1006', 'Afdelingscode "ZON" is aan geen afdeling gekoppeld.'],
      ['mc-1007', 'Geen BSN in de bron.'],
    ]);
    const berk = await entityIdOf(t, 'Zorgcentrum De Berk');
    const created = await clientsOf(berk, ['111222333', '333444553', '123456789', '555666773']);
    expect(created).toEqual(
      expect.arrayContaining([
        { bsn: '111222333', departmentId: await departmentIdOf(t, 'Afdeling Eikenhof'), lastName: 'Bosman' },
        { bsn: '333444553', departmentId: await departmentIdOf(t, 'Afdeling Lindehof'), lastName: 'Smit' },
      ]),
    );
    expect(created).toHaveLength(2);

    const second = await sync('beheerder');
    expect(second.json()).toMatchObject({
      Outcome: 'partial',
      Created: 0,
      Updated: 0,
      Unchanged: 4,
      Refused: 3,
    });

    // Audit: one run entry per sync, one create entry per new client.
    const runs = await auditRows(t, { objectType: AUDIT_OBJECTS.integration_sync });
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ action: 'E', outcome: 'success', username: 'beheerder' });
    expect(runs[0]!.relatedPatientIds).toHaveLength(4);
    const creates = await auditRows(t, { objectType: AUDIT_OBJECTS.patient, action: 'C' });
    expect(creates).toHaveLength(4);
  });

  it('lists the runs and shows a report with its lines; another organisation gets 404', async () => {
    const list = await call('beheerder', 'GET', '/api/management/settings/integrations');
    const demo = list.json().Rows.find((r: { Type: string }) => r.Type === 'mijncaress');
    expect(demo.LastReport).toMatchObject({ Unchanged: 4 });
    const reports = await call('beheerder', 'GET', `/api/management/settings/integration/${demo.Id}/reports`);
    expect(reports.json().Rows.map((r: { Created: number }) => r.Created)).toEqual([0, 4]);
    const reportId = reports.json().Rows[1].Id;
    const detail = await call('beheerder', 'GET', `/api/management/settings/integration/report/${reportId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().Lines).toHaveLength(7);
    expect(detail.json().StartedBy).toBe('beheerder');
    const foreign = await call('anker', 'GET', `/api/management/settings/integration/report/${reportId}`);
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 404 with a reason when the organisation has no active MijnCaress link', async () => {
    const res = await sync('apotheker');
    expect(res.statusCode).toBe(404);
    expect(res.json().Message).toMatch(/MijnCaress/);
  });
});

describe('GET /api/mijncaress/sync from an http source (Het Anker)', () => {
  let anker: number;
  let haven: number;
  let kompas: number;
  beforeAll(async () => {
    anker = await entityIdOf(t, 'Zorgcentrum Het Anker');
    haven = await departmentIdOf(t, 'Wijk Haven');
    kompas = await departmentIdOf(t, 'Afdeling Kompas');
    const created = await call('anker', 'POST', '/api/management/settings/integration/0', {
      Type: 'mijncaress',
      Name: 'ECD Het Anker',
      Source: sourceUrl,
      Secret: KEY,
      WardMapping: [
        { WardCode: 'HAV', DepartmentId: haven },
        { WardCode: 'KOM', DepartmentId: kompas },
      ],
    });
    expect(created.statusCode).toBe(201);
  });

  it('sends the sealed key, creates, updates and then finds everything unchanged', async () => {
    served = {
      status: 200,
      body: bundle(patient('a1', '444555663', 'Jansen', 'HAV'), patient('a2', '666777883', 'Bakker', 'KOM')),
    };
    const first = await sync('anker');
    expect(first.json()).toMatchObject({ Outcome: 'success', Created: 2, Refused: 0 });
    expect(seenAuth.at(-1)).toBe(`Bearer ${KEY}`);

    served = {
      status: 200,
      body: bundle(
        patient('a1', '444555663', 'Jansen-de Vries', 'HAV'),
        patient('a2', '666777883', 'Bakker', 'HAV'),
      ),
    };
    const second = await sync('anker');
    expect(second.json()).toMatchObject({ Outcome: 'success', Created: 0, Updated: 2, Unchanged: 0 });
    expect(await clientsOf(anker, ['444555663', '666777883'])).toEqual(
      expect.arrayContaining([
        { bsn: '444555663', departmentId: haven, lastName: 'Jansen-de Vries' },
        { bsn: '666777883', departmentId: haven, lastName: 'Bakker' },
      ]),
    );
    const update = await auditRows(t, { objectType: AUDIT_OBJECTS.patient, action: 'U', entityId: anker });
    expect(update.map((e) => e.changedFields).sort()).toEqual([['DepartmentId'], ['NameInformation']]);

    const third = await sync('anker');
    expect(third.json()).toMatchObject({ Created: 0, Updated: 0, Unchanged: 2 });
  });

  it('never deletes: a client missing from the source stays; a repeated BSN is refused', async () => {
    served = {
      status: 200,
      body: bundle(
        patient('b1', '444555663', 'Jansen-de Vries', 'HAV'),
        patient('b2', '444555663', 'Dubbel', 'HAV'),
      ),
    };
    const res = await sync('anker');
    expect(res.json()).toMatchObject({ Unchanged: 1, Refused: 1 });
    expect(res.json().Lines[1].Reason).toMatch(/meer dan eens/);
    expect(await clientsOf(anker, ['666777883'])).toHaveLength(1);
  });

  it('a source that fails gives a failed report with the reason, and writes nothing', async () => {
    served = { status: 500, body: { error: 'down' } };
    const down = await sync('anker');
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ Outcome: 'failure', Created: 0, Lines: [] });
    expect(down.json().Message).toContain('500');
    served = { status: 200, body: { resourceType: 'Patient' } };
    const notBundle = await sync('anker');
    expect(notBundle.json()).toMatchObject({ Outcome: 'failure', Message: 'De bron gaf geen FHIR Bundle.' });
    const failures = await auditRows(t, { objectType: AUDIT_OBJECTS.integration_sync, outcome: 'failure' });
    expect(failures).toHaveLength(2);
  });
});

describe('a source answer larger than 10 MB', () => {
  it('a chunked 64 MB answer is cut off while streaming: a failure report, and the portal stays healthy', async () => {
    // Far past the 10 MB limit plus what the kernel's socket buffers can hold (Linux autotunes the receive
    // buffer up to tcp_rmem's 32 MB): only a reader that stops at the limit keeps the source from finishing.
    streamBytes = 64 * 1024 * 1024;
    try {
      const res = await sync('anker');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ Outcome: 'failure', Created: 0, Lines: [] });
      expect(res.json().Message).toContain('te groot');
      // The reader stopped at the limit: the source could not push its whole answer into the portal.
      expect(streamedBytes).toBeLessThan(streamBytes);
    } finally {
      streamBytes = 0;
    }
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    served = { status: 200, body: bundle() };
    expect((await sync('anker')).json().Outcome).not.toBe('failure');
  });

  it('a declared Content-Length over the limit is refused before reading the body', async () => {
    declaredLength = 50 * 1024 * 1024;
    try {
      const res = await sync('anker');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ Outcome: 'failure', Created: 0 });
      expect(res.json().Message).toContain('te groot');
    } finally {
      declaredLength = 0;
    }
  });
});

describe('INTEGRATION_HOSTS: the server calls only hosts the operator allowed', () => {
  it('refuses to save a source on another host (400 naming Source) and stores nothing', async () => {
    const before = (await call('anker', 'GET', '/api/management/settings/integrations')).json().Rows.length;
    for (const source of [
      'http://169.254.169.254/latest/meta-data',
      'http://localhost:5432/',
      'http://10.0.0.7/fhir',
    ]) {
      const res = await call('anker', 'POST', '/api/management/settings/integration/0', {
        Type: 'mijncaress',
        Name: 'Intern adres',
        Source: source,
        WardMapping: [],
      });
      expect(res.statusCode, source).toBe(400);
      expect(res.json().Fields.Source).toContain('INTEGRATION_HOSTS');
    }
    const after = (await call('anker', 'GET', '/api/management/settings/integrations')).json().Rows.length;
    expect(after).toBe(before);
  });

  it('a bare host allows only ports 80 and 443; host:port allows exactly that port', async () => {
    const bare = await buildTestApp({ config: { integrationHosts: ['127.0.0.1', 'ecd.example.org:8443'] } });
    try {
      const token = (await login(bare.app, 'anker')).access_token;
      const save = (source: string) =>
        bare.app.inject({
          method: 'POST',
          url: '/api/management/settings/integration/0',
          headers: bearer(token),
          payload: { Type: 'mijncaress', Name: `Poort ${source}`, Source: source, WardMapping: [] },
        });
      for (const source of [
        'http://127.0.0.1:5432/',
        'http://127.0.0.1:6379/',
        'https://127.0.0.1:8443/',
        'https://ecd.example.org/fhir',
        'https://ecd.example.org:9443/fhir',
      ]) {
        const res = await save(source);
        expect(res.statusCode, source).toBe(400);
        expect(res.json().Fields.Source).toContain('INTEGRATION_HOSTS');
      }
      for (const source of [
        'http://127.0.0.1/fhir',
        'https://127.0.0.1/fhir',
        'http://127.0.0.1:443/fhir',
        'https://ecd.example.org:8443/fhir',
      ])
        expect((await save(source)).statusCode, source).toBe(201);
    } finally {
      await bare.close();
    }
  });

  it('a stored source whose host is no longer allowed fails its run without calling it', async () => {
    const strict = await buildTestApp({ config: { integrationHosts: [] } });
    try {
      const token = (await login(strict.app, 'anker')).access_token;
      // Saved while the host was allowed (another instance's configuration), then the operator removed it.
      await strict.db.insert(integrations).values({
        entityId: await entityIdOf(strict, 'Zorgcentrum Het Anker'),
        type: 'mijncaress',
        name: 'ECD Het Anker',
        source: sourceUrl,
        wardMapping: [],
        active: true,
      });
      const calls = seenAuth.length;
      const res = await strict.app.inject({
        method: 'GET',
        url: '/api/mijncaress/sync',
        headers: bearer(token),
      });
      expect(res.json()).toMatchObject({ Outcome: 'failure', Created: 0 });
      expect(res.json().Message).toContain('INTEGRATION_HOSTS');
      expect(seenAuth.length).toBe(calls);
    } finally {
      await strict.close();
    }
  });
});
