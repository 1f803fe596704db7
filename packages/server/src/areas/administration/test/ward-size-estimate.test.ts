import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../platform/db/client.ts';
import { addLargeDepartment } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const LARGE_DEPARTMENT = 2000;

/**
 * The Toedienlijst's statements are prepared once and run with a department as parameter; PostgreSQL's
 * generic plan for them estimates "the clients of some department". With one large department in the
 * organisation that estimate must still be a ward, or every ward's list is planned for hundreds of clients
 * (or planned again on every call).
 */
describe('the estimate for one department’s clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await addLargeDepartment(t, 'Zorgcentrum De Berk', 'Wachtlijst', LARGE_DEPARTMENT);
  });
  afterAll(() => t?.close());

  it("is a ward's size, not the average department's, with a department of 2,000 clients", async () => {
    const [counts] = rowsOf<{ patients: number; departments: number }>(
      await t.db.execute(
        sql`select count(*)::int as patients, count(distinct department_id)::int as departments from patients`,
      ),
    );
    // The average department would be hundreds of clients.
    expect(counts!.patients / counts!.departments).toBeGreaterThan(150);
    const [plan] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await t.db.execute(
        sql`explain (format json) select id from patients where department_id = (select max(id) from departments)`,
      ),
    );
    const estimate = (plan!['QUERY PLAN'] as { Plan: { 'Plan Rows': number } }[])[0]!.Plan['Plan Rows'];
    expect(estimate).toBeLessThanOrEqual(40);
  });
});
