import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

describe('audit_log is append-only (NEN 7513)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ seed: false });
    await t.db.execute(
      sql`insert into audit_log (action, outcome, object_type) values ('E', 'success', 'login')`,
    );
  });
  afterAll(() => t.close());

  const failure = async (statement: ReturnType<typeof sql>) => {
    try {
      await t.db.execute(statement);
    } catch (err) {
      return String((err as { cause?: { message?: string } }).cause?.message ?? err);
    }
    return 'no error';
  };

  it('refuses UPDATE, DELETE and TRUNCATE, even as raw SQL', async () => {
    expect(await failure(sql`update audit_log set outcome = 'failure'`)).toMatch(/append-only: UPDATE/);
    expect(await failure(sql`delete from audit_log`)).toMatch(/append-only: DELETE/);
    expect(await failure(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE/);
    const rows = rowsOf<{ outcome: string }>(await t.db.execute(sql`select outcome from audit_log`));
    expect(rows).toEqual([{ outcome: 'success' }]);
  });
});
