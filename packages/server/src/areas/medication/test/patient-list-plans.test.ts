import type { Patient } from '@zorgportaal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../platform/db/client.ts';
import * as s from '../../../schema.ts';
import { entityScope, type Scope } from '../../../platform/scope.ts';
import { addLargeDepartment } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { clientsInView, type ClientFilter } from '../queries/patient-list.ts';
import { clientListJsonText } from '../queries/patient-list-json.ts';
import { listPatients, listPatientsAnswer } from '../queries/index.ts';

const LARGE_DEPARTMENT = 2000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Sort Method'?: string;
  /** An incremental sort's groups: sorted whole, or (one large group) top-N. */
  'Pre-sorted Groups'?: { 'Sort Methods Used': string[] };
  'Full-sort Groups'?: { 'Sort Methods Used': string[] };
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** A literal of a statement parameter for EXECUTE. */
const literal = (value: unknown) => (value === null ? 'null' : `'${String(value).replace(/'/g, "''")}'`);

/**
 * The client list's statement for this scope and filter, run once through PostgreSQL's generic plan (the plan
 * a prepared statement keeps for every call of its shape), with the nodes of that run.
 */
async function genericRun(t: TestApp, scope: Scope, filter: ClientFilter): Promise<PlanNode[]> {
  const view = clientsInView(scope, filter);
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare client_list_plan as ${clientListJsonText(view.listed)}`));
    const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
      await tx.execute(
        sql.raw(
          `explain (analyze, format json) execute client_list_plan(${view.values.map(literal).join(', ')})`,
        ),
      ),
    );
    await tx.execute(sql`deallocate client_list_plan`);
    const plan = row!['QUERY PLAN'];
    const [top] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
    return nodesOf(top!.Plan);
  });
}

/**
 * The client list is one prepared statement per combination of filters. In a care centre with one large
 * department (a waiting list of 2,000 clients) a ward's list must still read only that ward, and the default
 * list must write the answer of the clients it shows, not of every client it sorted.
 */
describe('the client list in a care centre with a department of 2,000 clients', () => {
  let t: TestApp;
  let scope: Scope;
  let ward: number;
  beforeAll(async () => {
    t = await buildTestApp();
    const [berk] = await t.db.select().from(s.entities).where(eq(s.entities.name, 'Zorgcentrum De Berk'));
    scope = await entityScope(t.db, berk!.id);
    const [demoWard] = await t.db.select().from(s.departments).where(eq(s.departments.entityId, berk!.id));
    ward = demoWard!.id;
    await addLargeDepartment(t, 'Zorgcentrum De Berk', 'Aa Wachtlijst', LARGE_DEPARTMENT);
  });
  afterAll(() => t?.close());

  it('has in its text only the conditions the filter has, numbered from $4, the limit last', () => {
    const wardView = clientsInView(scope, { departmentId: 7, like: null, limit: 100 });
    expect(wardView.shape).toBe('d');
    expect(wardView.listed).toContain('p.department_id = $4::int');
    expect(wardView.listed).toContain('limit $5::int');
    expect(wardView.listed).not.toMatch(/is null|person_id =|ilike/);
    expect(wardView.values.slice(3)).toEqual([7, 100]);
    const all = clientsInView(scope, { like: null, limit: 50 });
    expect(all.shape).toBe('all');
    expect(all.listed).not.toMatch(/department_id = \$|is null/);
    const search = clientsInView(scope, { personId: 3, like: '%de%', limit: 20 });
    expect(search.shape).toBe('pq');
    expect(search.values.slice(3)).toEqual([3, '%de%', 20]);
  });

  it("reads a ward's clients by the ward's index in the plan kept for every ward", async () => {
    const nodes = await genericRun(t, scope, { departmentId: ward, like: null, limit: 100 });
    const patientScans = nodes.filter((n) => n['Relation Name'] === 'patients');
    expect(patientScans.some((n) => n['Index Cond']?.includes('department_id = $4'))).toBe(true);
    expect(patientScans.every((n) => n['Node Type'] !== 'Seq Scan')).toBe(true);
    const read = patientScans.reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'], 0);
    const wardSize = (await listPatients(t.db, scope, { departmentId: ward, limit: 200 })).length;
    // The ward's clients, once to list them and once to write them: not the 2,000 of the waiting list.
    expect(read).toBeLessThanOrEqual(2 * wardSize);
  });

  it('keeps only the 50 clients it shows while it sorts, and writes only their answer', async () => {
    const nodes = await genericRun(t, scope, { like: null, limit: 50 });
    // Per department the first 50 at most (the waiting list's 2,000 without rooms in one group sorted top-N),
    // then the first 50 of those.
    const methods = nodes.flatMap((n) => [
      n['Sort Method'],
      ...(n['Pre-sorted Groups']?.['Sort Methods Used'] ?? []),
      ...(n['Full-sort Groups']?.['Sort Methods Used'] ?? []),
    ]);
    expect(methods).toContain('top-N heapsort');
    const aggregate = nodes[0]!;
    expect(aggregate['Node Type']).toBe('Aggregate');
    expect(aggregate.Plans?.find((n) => n['Node Type'] !== 'Result')?.['Actual Rows']).toBe(50);
    const answer = await listPatientsAnswer(t.db, scope, {});
    expect(answer.ids).toHaveLength(50);
    // By department name: the waiting list ('Aa …') comes first.
    expect(JSON.parse(answer.json).Rows[0].DepartmentName).toBe('Aa Wachtlijst');
  });

  it('reads of a large department with rooms only the clients it shows, in room order', async () => {
    await addLargeDepartment(t, 'Zorgcentrum De Berk', 'Aa Huis', LARGE_DEPARTMENT, true);
    const nodes = await genericRun(t, scope, { like: null, limit: 50 });
    // The persons joined to the clients read: the waiting list's 2,000 (no rooms, so no order the index
    // gives), the wards', and of the home only its first 50 rooms; one sort of every client read all 4,000.
    const persons = nodes.filter((n) => n['Relation Name'] === 'persons');
    const read = persons.reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'], 0);
    expect(read).toBeLessThan(LARGE_DEPARTMENT + 300);
    const rows = (JSON.parse((await listPatientsAnswer(t.db, scope, {})).json) as { Rows: Patient[] }).Rows;
    expect(rows.map((r) => r.DepartmentName)).toEqual(Array(50).fill('Aa Huis'));
    const rooms = rows.map((r) => r.Room!);
    expect(rooms).toEqual([...rooms].sort());
  });
});
