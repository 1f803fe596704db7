import { type PatientListQuery, patientListQuerySchema } from '@zorgportaal/contract';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { entityScope, type Scope } from '../../../platform/scope.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { inPatientScope } from '../patient-scope.ts';
import { toPatient } from '../patient-mapper.ts';
import { listPatients } from '../queries/index.ts';
import { selectPatients } from '../queries/patient-rows.ts';

/** The client list as Drizzle built it before the prepared statement (commit 0cd0d0f). */
async function listPatientsReference(t: TestApp, scope: Scope, query: PatientListQuery) {
  const { q, departmentId, personId, limit } = patientListQuerySchema.parse(query);
  const filters: (SQL | undefined)[] = [inPatientScope(scope, s.patients.entityId, s.patients.id)];
  if (departmentId) filters.push(eq(s.patients.departmentId, departmentId));
  if (personId) filters.push(eq(s.patients.personId, personId));
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        ilike(s.persons.firstNames, like),
        ilike(s.persons.lastName, like),
        ilike(s.patients.bsn, like),
        ilike(s.patients.room, like),
      ),
    );
  }
  const rows = await selectPatients(t.db)
    .where(and(...filters))
    .orderBy(asc(s.departments.name), asc(s.patients.room), asc(s.persons.lastName), asc(s.patients.id))
    .limit(limit);
  return rows.map(toPatient);
}

/** The prepared client list answers what the Drizzle query did, for every organisation and filter. */
describe('the client list as a prepared statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('equals the Drizzle query over the demo world', async () => {
    const [department] = await t.db.select().from(s.departments).limit(1);
    const [patient] = await t.db.select().from(s.patients).limit(1);
    const queries: PatientListQuery[] = [
      {},
      { limit: 200 },
      { limit: 3 },
      { departmentId: department!.id, limit: 200 },
      { personId: patient!.personId },
      { q: 'de', limit: 200 },
      { q: '%' },
      { q: '_' },
      { q: 'zzz-none' },
    ];
    let compared = 0;
    for (const entity of await t.db.select().from(s.entities)) {
      const scope = await entityScope(t.db, entity.id);
      for (const query of queries) {
        const expected = await listPatientsReference(t, scope, query);
        compared += expected.length;
        expect(await listPatients(t.db, scope, query), `${entity.name} ${JSON.stringify(query)}`).toEqual(
          expected,
        );
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
