import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../../../test/helpers/test-database.ts';
import { KEPT_STATEMENTS, PGliteKeepingStatements } from './pglite-named.ts';

const ROW = `select id, label, doc, at, data, missing from named_probe where id = $1`;

/** How often the database prepared this text, and how often it ran it (pg_prepared_statements). */
async function preparedOf(pg: PGliteKeepingStatements, text: string) {
  const { rows } = await pg.queryPlannedPerCall<{ n: number; runs: number }>(
    `select count(*)::int as n, coalesce(sum(generic_plans + custom_plans), 0)::int as runs
     from pg_prepared_statements where statement = $1`,
    [text],
  );
  return rows[0]!;
}

describe('statements kept prepared on the embedded database', () => {
  let copy: TestDatabase;
  let pg: PGliteKeepingStatements;
  beforeAll(async () => {
    copy = await testDatabase({ seed: false });
    pg = copy.database.pglite as PGliteKeepingStatements;
    await pg.exec(`create table named_probe (id int primary key, label text, doc jsonb, at timestamptz,
      data bytea, missing text)`);
    await pg.exec(
      `insert into named_probe values (1, 'één', '{"a":[1,2]}', '2026-11-29T05:00:00Z', '\\x00ff', null)`,
    );
  });
  afterAll(() => copy.close());

  it("is the portal's embedded database", () => {
    expect(pg).toBeInstanceOf(PGliteKeepingStatements);
  });

  it("gives what PGlite's own query gives, in both row modes and with a caller's parsers", async () => {
    const own = (text: string, params: unknown[], options?: object) =>
      PGlite.prototype.query.call(pg, text, params, options);
    expect(await pg.query(ROW, [1])).toEqual(await own(ROW, [1]));
    const drizzleLike = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } };
    const asArray = await pg.query(ROW, [1], drizzleLike);
    expect(asArray).toEqual(await own(ROW, [1], drizzleLike));
    expect(asArray.rows[0]).toEqual([
      1,
      'één',
      { a: [1, 2] },
      '2026-11-29 05:00:00+00',
      new Uint8Array([0, 255]),
      null,
    ]);
    const row = (await pg.query<{ at: unknown }>(ROW, [1])).rows[0]!;
    expect(row.at).toBeInstanceOf(Date);
    expect((await pg.query(ROW, [2])).rows).toEqual([]);
    const insert = await pg.query(`insert into named_probe (id, label) values ($1, $2)`, [5, null]);
    expect(insert).toMatchObject({ affectedRows: 1, rows: [] });
  });

  it('parses a text once and runs the prepared statement on every later call', async () => {
    const count = 'select count(*)::int as n from named_probe where id < $1';
    for (let i = 0; i < 6; i++) expect((await pg.query(count, [100])).rows).toEqual([{ n: 2 }]);
    expect(await preparedOf(pg, count)).toEqual({ n: 1, runs: 6 });
  });

  it('rejects with the database error naming its statement, and stays usable', async () => {
    const insert = 'insert into named_probe (id, label) values ($1, $2) returning id';
    await expect(pg.query(insert, [1, 'twice'])).rejects.toMatchObject({ code: '23505', query: insert });
    expect((await pg.query(insert, [3, 'once'])).rows).toEqual([{ id: 3 }]);
    await expect(pg.query('select from nowhere_at_all', [])).rejects.toMatchObject({ code: '42P01' });
    expect((await pg.query(ROW, [3])).rows).toMatchObject([{ id: 3, label: 'once' }]);
  });

  it("runs a transaction's statements inside it, and another caller's after it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const nine = 'select count(*)::int as n from named_probe where id = $1';
    const transaction = pg
      .transaction(async (tx) => {
        await tx.query(`insert into named_probe (id, label) values ($1, $2)`, [9, 'rolled back']);
        expect((await tx.query(nine, [9])).rows).toEqual([{ n: 1 }]);
        inserted();
        await held;
        throw new Error('roll back');
      })
      .catch(() => 'rolled back');
    await insertedYet;
    const outside = pg.query(nine, [9]);
    release();
    expect(await transaction).toBe('rolled back');
    expect((await outside).rows).toEqual([{ n: 0 }]);
    // A failed statement ends the transaction as with PGlite's own query.
    await expect(
      pg.transaction(async (tx) => {
        await tx.query(`insert into named_probe (id) values ($1)`, [10]);
        await tx.query(`insert into named_probe (id) values ($1)`, [10]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await pg.query(nine, [10])).rows).toEqual([{ n: 0 }]);
    // A statement first prepared inside a rolled-back transaction stays prepared (not transactional).
    const eleven = 'insert into named_probe (id) values ($1) returning id';
    await pg
      .transaction(async (tx) => {
        await tx.query(eleven, [11]);
        await tx.rollback();
      })
      .catch(() => undefined);
    expect((await pg.query(eleven, [11])).rows).toEqual([{ id: 11 }]);
    expect((await preparedOf(pg, eleven)).n).toBe(1);
  });

  it('keeps at most KEPT_STATEMENTS, closing the least recently used', async () => {
    const text = (i: number) => `select $1::int + ${i} as n`;
    await pg.query(ROW, [1]);
    for (let i = 0; i < KEPT_STATEMENTS + 20; i++) {
      expect((await pg.query(text(i), [1])).rows).toEqual([{ n: i + 1 }]);
      if (i % 50 === 0) await pg.query(ROW, [1]); // used recently: kept
    }
    const { rows } = await pg.exec('select count(*)::int as n from pg_prepared_statements').then(([r]) => r!);
    expect(rows).toEqual([{ n: KEPT_STATEMENTS }]);
    expect((await preparedOf(pg, text(0))).n).toBe(0);
    expect((await preparedOf(pg, ROW)).n).toBe(1);
    // Full, within a transaction: a new text runs unnamed, nothing closed.
    const inside = await pg.transaction((tx) => tx.query<{ n: number }>(text(-1), [1]));
    expect(inside.rows).toEqual([{ n: 0 }]);
    expect((await preparedOf(pg, text(-1))).n).toBe(0);
  });

  it('parses a statement again when it was deallocated or its columns changed', async () => {
    const all = 'select * from named_probe where id = $1';
    expect((await pg.query(all, [1])).rows[0]).not.toHaveProperty('extra');
    await pg.exec('alter table named_probe add column extra int default 7');
    expect((await pg.query(all, [1])).rows[0]).toHaveProperty('extra', 7);
    await pg.exec('deallocate all');
    expect((await pg.query(ROW, [1])).rows).toMatchObject([{ id: 1 }]);
  });
});
