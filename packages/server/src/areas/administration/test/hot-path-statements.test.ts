import { randomBytes, randomUUID } from 'node:crypto';
import type { AdministrationList, PlannedMoment } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../platform/db/client.ts';
import { addDays, localDate } from '../../../platform/time.ts';
import { warmUp } from '../../../platform/warm-up.ts';
import { photoVersion } from '../photo-version.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type Api } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

type Client = {
  query: (...args: unknown[]) => Promise<unknown>;
  execProtocolStream?: (message: Uint8Array, ...rest: unknown[]) => Promise<unknown>;
};

/** The frontend messages Parse ('P': name, text) and Bind ('B': portal, statement). */
const PARSE = 0x50;
const BIND = 0x42;
/** The first two NUL-terminated strings of a message's body. */
function cStrings(body: Uint8Array): [string, string] {
  const strings: string[] = [];
  let start = 0;
  for (let i = 0; i < body.length && strings.length < 2; i++) {
    if (body[i] !== 0) continue;
    strings.push(Buffer.from(body.subarray(start, i)).toString('utf8'));
    start = i + 1;
  }
  return [strings[0] ?? '', strings[1] ?? ''];
}
/** Each message in a buffer of frontend messages (type, then a length that counts itself). */
function* messagesIn(buffer: Uint8Array): Generator<{ type: number; body: Uint8Array }> {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  for (let at = 0; at + 5 <= buffer.length; at += 1 + view.getInt32(at + 1)) {
    yield { type: buffer[at]!, body: buffer.subarray(at + 5, at + 1 + view.getInt32(at + 1)) };
  }
}

/**
 * The statements a ward's calls send to the database (docs/performance.md, the hot path): a changed
 * Toedienlijst is its version and its data, an unchanged one its version only, the client list one
 * statement, a registration the agreement and the INSERT, each besides its audit entry; another tablet's
 * first load of an unchanged list the version only (the instance built it already, or its warm-up did); the caller's
 * scope and department come from the caller cache. A registration is two statements in all: the agreement,
 * and the INSERT that also writes its audit entry (and, with a key, its answer, whose recorder is read beside
 * the agreement). Counted on the driver's
 * client (outside transactions, which none of these calls open): its `query`, and on PGlite also each run of a
 * named statement.
 */
/**
 * Tomorrow's Toedienlijst, built the same way as today's: none of its moments is registered yet at any hour (the
 * demo world registers today's past doses, so late in the evening today has too few open ones left).
 */
const LIST = `/api/administration/list?date=${addDays(localDate(new Date()), 1)}`;

/**
 * A statement that reads a person's profile photo (a data URL of up to 300 KB, AVATAR_MAX_BYTES): Drizzle
 * names each selected column quoted (`"avatar"`), as a whole person's row does; hand-written SQL names it
 * `pe.avatar`. The photo's version, `avatar_version`, is not the photo.
 */
const readsPhoto = (text: string) => /\bavatar\b/.test(text);

describe('statements of the hot path', () => {
  let t: TestApp;
  let nurse: Api;
  let colleague: Api;
  let anker: Api;
  let sent: string[] = [];
  /** PGlite: the texts of the statements parsed while counting, by name ('' the unnamed). */
  const parsed = new Map<string, string>();
  const NAMED = 'named statement: ';
  let restore: () => void;

  beforeAll(async () => {
    t = await buildTestApp();
    nurse = await apiAs(t.app, 'verpleegkundige');
    colleague = await apiAs(t.app, 'beheerder');
    anker = await apiAs(t.app, 'anker');
    const client = (t.db as unknown as { $client: Client }).$client;
    const query = client.query.bind(client);
    const protocol = client.execProtocolStream?.bind(client);
    if (protocol) {
      // PGlite: its query (platform/db/pglite-named.ts keeps its statements prepared) sends each through its
      // protocol; each Bind is one statement run, its text the one the last Parse of that name gave (or, for a
      // statement prepared before, the database's pg_prepared_statements: see statementsOf).
      client.execProtocolStream = (buffer: Uint8Array, ...rest: unknown[]) => {
        for (const { type, body } of messagesIn(buffer)) {
          const [first, second] = cStrings(body);
          if (type === PARSE) parsed.set(first, second);
          if (type === BIND) sent.push(second ? `${NAMED}${second}` : parsed.get('')!);
        }
        return protocol(buffer, ...rest);
      };
    } else {
      client.query = (...args: unknown[]) => {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
        sent.push(text);
        return query(...args);
      };
    }
    restore = () => {
      client.query = query;
      if (protocol) client.execProtocolStream = protocol;
    };
  });
  afterAll(async () => {
    restore();
    await t.close();
  });

  /** The colleague registers the list's first open timed moment as not given; the moment and the new Id. */
  async function colleagueRegistersAnOpenMoment(list: AdministrationList) {
    const open = list.Moments.find((m: PlannedMoment) => !m.AsNeeded && m.Registrations.length === 0)!;
    const registered = await colleague.post('/api/administration/registration', {
      AgreementId: open.AgreementId,
      ScheduledAt: open.ScheduledAt,
      Status: 'not_given',
      DeviationReason: 'patient_absent',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    return { open, id: registered.json<{ Id: number }>().Id };
  }

  /** The statements `call` sends, without the micro-batched audit entries' (counted by their rows). */
  async function statementsOf(call: () => Promise<unknown>, all = false): Promise<string[]> {
    sent = [];
    await call();
    const counted = sent;
    sent = [];
    const named = new Map<string, string>();
    if (counted.some((text) => text.startsWith(NAMED))) {
      const prepared = await t.db.execute(sql`select name, statement from pg_prepared_statements`);
      for (const row of rowsOf<{ name: string; statement: string }>(prepared))
        named.set(row.name, row.statement);
    }
    const texts = counted.map((text) =>
      text.startsWith(NAMED) ? named.get(text.slice(NAMED.length))! : text,
    );
    const read = await withFunctionBodies(texts);
    return all ? read : read.filter((text) => !/^\s*insert into audit_log/.test(text));
  }

  /**
   * Each statement with the bodies of the database's own functions it calls (the Toedienlijst's data is one,
   * migration 0039), so what a statement reads is checked through the function too.
   */
  async function withFunctionBodies(texts: string[]): Promise<string[]> {
    const functions = rowsOf<{ name: string; body: string }>(
      await t.db.execute(
        sql`select p.proname as name, p.prosrc as body from pg_proc p
            join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
      ),
    );
    return texts.map((text) =>
      [text, ...functions.filter((f) => text.includes(`${f.name}(`)).map((f) => f.body)].join('\n'),
    );
  }

  // First, while no request has built today's lists on this instance.
  it("after a start's warm-up, a live session's first load of today's list: the version only", async () => {
    // A tablet signed in before the start (another instance answered it), then this instance starts empty.
    const tablet = await apiAs(t.app, 'verpleegkundige');
    t.app.callerCache.clear();
    const log = { warn: (details: object, message: string) => expect.fail(`${message} ${String(details)}`) };
    expect(await warmUp(t.db, 60_000, log)).toBeGreaterThan(0);
    // Its caller, its care centre's scope and departments were kept by the warm-up, its ward's list built.
    const statements = await statementsOf(async () =>
      expect((await tablet.get('/api/administration/list')).statusCode).toBe(200),
    );
    expect(statements).toHaveLength(1);
  });

  it('a changed Toedienlijst: two statements besides its audit entry; unchanged: one statement', async () => {
    const first = await nurse.get(LIST);
    expect(first.statusCode).toBe(200);
    // A colleague registers an open moment: the nurse's list changed.
    await colleagueRegistersAnOpenMoment(first.json<AdministrationList>());

    let etag = '';
    const changed = await statementsOf(async () => {
      const answer = await nurse.get(LIST);
      expect(answer.statusCode).toBe(200);
      etag = answer.headers.etag as string;
    });
    expect(changed).toHaveLength(2);

    const unchanged = await statementsOf(async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url: LIST,
        headers: { authorization: `Bearer ${nurse.token}`, 'if-none-match': etag },
      });
      expect(answer.statusCode).toBe(304);
    });
    expect(unchanged).toHaveLength(1);
  });

  it("another tablet's first load of an unchanged list: the version only, the list this instance built", async () => {
    const first = await nurse.get(LIST);
    expect(first.statusCode).toBe(200);
    const tablet = await apiAs(t.app, 'verpleegkundige');
    // The new session's first request reads its caller (then kept): not counted here.
    expect((await tablet.get('/api/management/settings')).statusCode).toBe(200);
    let second = '';
    const statements = await statementsOf(async () => {
      const answer = await tablet.get(LIST);
      expect(answer.statusCode).toBe(200);
      second = answer.body;
    });
    expect(statements).toHaveLength(1);
    expect(second).toBe(first.body);
    // A change moves the version: the next load is built again and shows it.
    const { open, id } = await colleagueRegistersAnOpenMoment(first.json<AdministrationList>());
    const after = await statementsOf(async () => {
      const moments = (await tablet.get(LIST)).json<AdministrationList>().Moments;
      const moment = moments.find(
        (m) => m.AgreementId === open.AgreementId && m.ScheduledAt === open.ScheduledAt,
      );
      expect(moment!.Registrations.map((r) => r.Id)).toContain(id);
    });
    expect(after).toHaveLength(2);
  });

  it('the client list: one statement besides its audit entry', async () => {
    await nurse.get('/api/patients');
    const list = await statementsOf(async () =>
      expect((await nurse.get('/api/patients')).statusCode).toBe(200),
    );
    expect(list).toHaveLength(1);
  });

  // With a key, the recorder's name for the answer kept with it is read beside the agreement.
  it.each([
    ['without a key', 2, {}],
    ['with an Idempotency-Key', 3, { 'idempotency-key': '0d6c1f5e-3f4b-4c1a-9a57-5b0e2c9d7a11' }],
  ])(
    'a registration %s: %i statements in all, the INSERT writing its audit entry',
    async (_, count, headers) => {
      const list = (await nurse.get(LIST)).json<AdministrationList>();
      // Not a coumarin: its planned dose is read from the day's dosage scheme, a statement of its own.
      const open = list.Moments.find(
        (m) => !m.AsNeeded && m.Registrations.length === 0 && !m.RiskCategories.includes('coumarine'),
      )!;
      const before = await auditRows(t, { objectType: 'administration', outcome: 'success' });
      let id = 0;
      const statements = await statementsOf(async () => {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/administration/registration',
          headers: { authorization: `Bearer ${nurse.token}`, ...headers },
          payload: {
            AgreementId: open.AgreementId,
            ScheduledAt: open.ScheduledAt,
            Status: 'not_given',
            DeviationReason: 'patient_absent',
          },
        });
        expect(answer.statusCode, answer.body).toBe(201);
        const body = answer.json<{ Id: number; RecordedBy: { Username: string } }>();
        expect(body.RecordedBy.Username).toBe('verpleegkundige');
        id = body.Id;
      }, true);
      expect(statements).toHaveLength(count);
      expect(statements.filter((text) => /insert into audit_log/.test(text))).toHaveLength(1);
      // The recorder is named from the name columns: a person's row also holds their profile photo.
      expect(statements.filter(readsPhoto)).toEqual([]);
      const after = await auditRows(t, { objectType: 'administration', outcome: 'success' });
      expect(after).toHaveLength(before.length + 1);
      // The entry names the stored registration and its client, as one written on its own did.
      const entry = after.find((row) => row.objectId === String(id))!;
      expect(entry).toMatchObject({ action: 'C', userId: expect.any(Number), patientId: expect.any(Number) });
      expect(entry.detail).toMatchObject({ Status: 'not_given', CorrectsId: null });
    },
  );

  it("names clients without reading their photos: one client, the dashboard, results by client and the results' export", async () => {
    const client = (await nurse.get(LIST)).json<AdministrationList>().Moments[0]!.PatientId;
    const calls = [
      `/api/patient/${client}`,
      '/api/administration/dashboard',
      '/api/administration/results?groupBy=patient',
      '/api/administration/results/export',
    ];
    for (const url of calls) {
      const statements = await statementsOf(async () => {
        const answer = await nurse.get(url);
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      });
      expect(statements.length, url).toBeGreaterThan(0);
      expect(statements.filter(readsPhoto), url).toEqual([]);
    }
  });

  it("builds the Toedienlijst without reading photos; a new photo is a new version in the list and the photo's ETag", async () => {
    const client = (await nurse.get(LIST)).json<AdministrationList>().Moments[0]!.PatientId;
    // A photo as the profile's resize leaves it (256 px JPEG, ~40 KB), written as any path writes it.
    const avatar = `data:image/jpeg;base64,${randomBytes(30_000).toString('base64')}`;
    await t.db.execute(
      sql`update persons set avatar = ${avatar} where id = (select person_id from patients where id = ${client})`,
    );
    let list: AdministrationList | undefined;
    const statements = await statementsOf(async () => {
      list = (await nurse.get(LIST)).json<AdministrationList>();
    });
    expect(statements).toHaveLength(2);
    expect(statements.filter(readsPhoto)).toEqual([]);
    const version = list!.Moments.find((m) => m.PatientId === client)!.PhotoVersion;
    expect(version).toBe(photoVersion(avatar));
    const photo = await nurse.get(`/api/administration/photo/${client}?v=${version}`);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers.etag).toBe(`"${version}"`);
  });

  it("revalidates a client's photo from its version: the 304 reads no photo, the 200 sends it", async () => {
    const moment = (await nurse.get(LIST)).json<AdministrationList>().Moments.find((m) => m.PhotoVersion)!;
    const url = `/api/administration/photo/${moment.PatientId}?v=${moment.PhotoVersion}`;
    const sent = await nurse.get(url);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers.etag).toBe(`"${moment.PhotoVersion}"`);
    const revalidation = await statementsOf(async () => {
      const answer = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${nurse.token}`, 'if-none-match': sent.headers.etag as string },
      });
      expect(answer.statusCode).toBe(304);
    });
    expect(revalidation).toHaveLength(1);
    expect(revalidation.filter(readsPhoto)).toEqual([]);
  });

  /** A registration of `moment` not given, by the nurse (or `by`), with an Idempotency-Key. */
  const notGiven = (moment: PlannedMoment, key: string, by: Api = nurse) =>
    t.app.inject({
      method: 'POST',
      url: '/api/administration/registration',
      headers: { authorization: `Bearer ${by.token}`, 'idempotency-key': key },
      payload: {
        AgreementId: moment.AgreementId,
        ScheduledAt: moment.ScheduledAt,
        Status: 'not_given',
        DeviationReason: 'patient_absent',
      },
    });
  const isInsert = (text: string) => /insert into administrations/.test(text);

  it('registrations sent at once share INSERT statements, each checked in its own scope; a moment sent twice among them is stored once, 409 for the other', async () => {
    const list = (await nurse.get(LIST)).json<AdministrationList>();
    const open = list.Moments.filter(
      (m) => !m.AsNeeded && m.Registrations.length === 0 && !m.RiskCategories.includes('coumarine'),
    ).slice(0, 12);
    expect(open).toHaveLength(12);
    const keys = open.map((_, i) => `7c9e6679-7425-40de-944b-e07fc1f90a${String(i).padStart(2, '0')}`);
    const before = await auditRows(t, { objectType: 'administration', outcome: 'success' });
    let answers: Awaited<ReturnType<typeof notGiven>>[] = [];
    const statements = await statementsOf(async () => {
      // Among them, another care centre's nurse trying the same moments: not in her scope.
      const [ours, theirs] = await Promise.all([
        Promise.all(open.map((moment, i) => notGiven(moment, keys[i]!))),
        Promise.all(open.slice(0, 4).map((moment) => notGiven(moment, randomUUID(), anker))),
      ]);
      answers = ours;
      expect(theirs.map((a) => a.statusCode)).toEqual([404, 404, 404, 404]);
    });
    expect(answers.map((a) => a.statusCode)).toEqual(open.map(() => 201));
    // The INSERTs meet: on PostgreSQL the requests' reads run side by side, on PGlite the first waits a turn of
    // the event loop for the others (platform/db/micro-batch.ts, gatherATurn).
    expect(statements.filter(isInsert).length).toBeLessThan(open.length);
    // Each has its own row, its own audit entry and its own kept answer.
    const ids = answers.map((a) => a.json<{ Id: number }>().Id);
    expect(new Set(ids).size).toBe(open.length);
    const entries = (await auditRows(t, { objectType: 'administration', outcome: 'success' })).slice(
      before.length,
    );
    expect(entries.map((e) => Number(e.objectId)).sort()).toEqual([...ids].sort());
    for (const [i, id] of ids.entries()) {
      const entry = entries.find((e) => e.objectId === String(id))!;
      expect(entry.patientId).toBe(open[i]!.PatientId);
      const again = await notGiven(open[i]!, keys[i]!);
      expect(again.statusCode).toBe(201);
      expect(again.json<{ Id: number }>().Id).toBe(id);
    }

    // Next: four other moments, the first of them sent twice (two tablets at once), in one burst.
    const next = (await nurse.get(LIST))
      .json<AdministrationList>()
      .Moments.filter(
        (m) => !m.AsNeeded && m.Registrations.length === 0 && !m.RiskCategories.includes('coumarine'),
      )
      .slice(0, 4);
    expect(next).toHaveLength(4);
    const burst = [next[0]!, ...next];
    const logged = (await auditRows(t, { objectType: 'administration', outcome: 'success' })).length;
    const replies = await Promise.all(
      burst.map((moment, i) =>
        notGiven(moment, `2f1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c${String(i).padStart(2, '0')}`),
      ),
    );
    const codes = replies.map((r) => r.statusCode);
    expect(codes.slice(2)).toEqual([201, 201, 201]);
    expect([...codes.slice(0, 2)].sort()).toEqual([201, 409]);
    const taken = replies[codes[0] === 409 ? 0 : 1]!.json<{ Existing: { Id: number } }>();
    const stored = replies[codes[0] === 201 ? 0 : 1]!.json<{ Id: number }>();
    expect(taken.Existing.Id).toBe(stored.Id);
    // The refused one left no entry: four registrations, four entries.
    expect(await auditRows(t, { objectType: 'administration', outcome: 'success' })).toHaveLength(logged + 4);
    const after = (await nurse.get(LIST)).json<AdministrationList>().Moments;
    for (const moment of next) {
      const now = after.find(
        (m) => m.AgreementId === moment.AgreementId && m.ScheduledAt === moment.ScheduledAt,
      )!;
      expect(now.Registrations).toHaveLength(1);
    }
  });
});
