import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../../../test/helpers/test-database.ts';
import { queryNamed } from './pglite-named.ts';

const ROW = `select id, label, doc, at, data, missing from named_probe where id = $1`;

describe('named statements on the embedded database', () => {
  let copy: TestDatabase;
  let pg: PGlite;
  beforeAll(async () => {
    copy = await testDatabase({ seed: false });
    pg = copy.database.pglite!;
    await pg.exec(`create table named_probe (id int primary key, label text, doc jsonb, at timestamptz,
      data bytea, missing text)`);
    await pg.query(
      `insert into named_probe values (1, 'één', '{"a":[1,2]}', '2026-11-29T05:00:00Z', '\\x00ff', null)`,
    );
  });
  afterAll(() => copy.close());

  it("gives the rows PGlite's query gives, with the same types", async () => {
    const named = await queryNamed(pg, 'probe_row', ROW, [1]);
    const unnamed = (await pg.query(ROW, [1])).rows;
    expect(named).toEqual(unnamed);
    expect(named[0]).toMatchObject({ id: 1, label: 'één', doc: { a: [1, 2] }, missing: null });
    expect((named[0] as { at: unknown }).at).toBeInstanceOf(Date);
    expect(await queryNamed(pg, 'probe_row', ROW, [2])).toEqual([]);
  });

  it('parses once and runs the prepared statement on every later call', async () => {
    for (let i = 0; i < 6; i++)
      await queryNamed(pg, 'probe_count', 'select count(*)::int as n from named_probe', []);
    const { rows } = await pg.query<{ n: number; runs: number }>(
      `select count(*)::int as n, sum(generic_plans + custom_plans)::int as runs
       from pg_prepared_statements where name = 'probe_count'`,
    );
    expect(rows[0]).toEqual({ n: 1, runs: 6 });
  });

  it('rejects with the database error and leaves the database usable', async () => {
    const insert = 'insert into named_probe (id, label) values ($1, $2) returning id';
    await expect(queryNamed(pg, 'probe_insert', insert, [1, 'twice'])).rejects.toMatchObject({
      code: '23505',
    });
    expect(await queryNamed(pg, 'probe_insert', insert, [3, 'once'])).toEqual([{ id: 3 }]);
    await expect(queryNamed(pg, 'probe_broken', 'select from nowhere_at_all', [])).rejects.toMatchObject({
      code: '42P01',
    });
    expect(await queryNamed(pg, 'probe_row', ROW, [3])).toMatchObject([{ id: 3, label: 'once' }]);
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = pg
      .transaction(async (tx) => {
        await tx.query(`insert into named_probe (id, label) values (9, 'rolled back')`);
        inserted();
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await insertedYet;
    const count = queryNamed<{ n: number }>(
      pg,
      'probe_nine',
      'select count(*)::int as n from named_probe where id = 9',
      [],
    );
    release();
    expect(await transaction).toBe('rolled back');
    expect(await count).toEqual([{ n: 0 }]);
  });
});
