import { type PatientListQuery, patientListQuerySchema, patientListSchema } from '@zorgportaal/contract';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { entityScope, type Scope } from '../../../platform/scope.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { inPatientScope } from '../patient-scope.ts';
import { toPatient } from '../patient-mapper.ts';
import { listPatients, listPatientsAnswer } from '../queries/index.ts';
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

/** What the route's response schema wrote for these rows (fastify-type-provider-zod: encode, then stringify). */
const schemaBytes = (rows: unknown[]) => JSON.stringify(patientListSchema.encode({ Rows: rows } as never));

/**
 * The prepared client list answers what the Drizzle query did, for every organisation and filter; the
 * database's JSON text of it (the route's answer) is byte for byte what the response schema made of it.
 */
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
        const named = `${entity.name} ${JSON.stringify(query)}`;
        expect(await listPatients(t.db, scope, query), named).toEqual(expected);
        const answer = await listPatientsAnswer(t.db, scope, query);
        expect(answer.json, named).toBe(schemaBytes(expected));
        expect(answer.ids, named).toEqual(expected.map((p) => p.Id));
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('writes names and texts as JSON.stringify does: escapes, whitespace trimmed as trim() does, no partner', async () => {
    const [department] = await t.db.select().from(s.departments).limit(1);
    const tricky = [
      ['\u00a0Jan\t', '', 'de "Vries"\\', null, null],
      [' Ann\u2028', '\u3000van\ufeff', 'Dijk 🙂', 'ter', ''],
      ['Émile', null, '\u200aBakker', 'van', 'Berg\u00a0'],
      ['\u2003', ' ', 'Ö', null, 'X'],
    ] as const;
    for (const [
      i,
      [firstNames, lastNamePrefix, lastName, partnerPrefix, partnerLastName],
    ] of tricky.entries()) {
      const [person] = await t.db
        .insert(s.persons)
        .values({
          entityId: department!.entityId,
          firstNames,
          lastNamePrefix,
          lastName,
          partnerPrefix,
          partnerLastName,
          dateOfBirth: i % 2 ? null : '1931-02-28',
        })
        .returning();
      await t.db.insert(s.patients).values({
        entityId: department!.entityId,
        personId: person!.id,
        bsn: `99999${i}`,
        departmentId: department!.id,
        room: i % 2 ? null : `K\\${i}"`,
        gpName: i % 2 ? 'Huisarts "Ö"' : null,
        allergies: i % 2 ? [] : ['pinda "noten"', 'lactose\\'],
      });
    }
    const scope = await entityScope(t.db, department!.entityId);
    const query = { departmentId: department!.id, limit: 200 };
    const expected = await listPatientsReference(t, scope, query);
    const names = expected.map((p) => p.ScreenName);
    expect(names).toEqual(
      expect.arrayContaining(['Jan de "Vries"\\', 'Ann van Dijk 🙂', 'Émile Bakker', 'Ö']),
    );
    expect((await listPatientsAnswer(t.db, scope, query)).json).toBe(schemaBytes(expected));
  });
});
