import type { LogPage, LogRow, Person } from '@zorgportaal/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { newPersonBody } from '../../../../test/helpers/persons.ts';
import { demoPatientOf, departmentIdOf, today } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

/** The Logboek reads like a person would: names instead of ids, what changed, one entry per list view. */
describe('Logboek: names, changed fields and list views', () => {
  let t: TestApp;
  let beheerder: Api;

  const logOf = async (who: Api, query: string): Promise<LogRow[]> => {
    const res = await who.get(`/api/log?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<LogPage>().Rows;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    beheerder = await apiAs(t.app, 'beheerder');
  });
  afterAll(() => t.close());

  it("names the user, the organisation and the person, and lists a change's fields (not values)", async () => {
    const created = (await beheerder.post('/api/person', newPersonBody('Logboekmans'))).json<Person>();
    await beheerder.get(`/api/person/${created.Id}`);
    const changed = { ...newPersonBody('Logboekmans'), DateOfBirth: '1951-04-15' };
    expect((await beheerder.put(`/api/person/${created.Id}`, changed)).statusCode).toBe(200);

    const rows = await logOf(beheerder, `personId=${created.Id}`);
    expect(rows.map((r) => r.Action)).toEqual(['U', 'R', 'C']);
    for (const row of rows)
      expect(row).toMatchObject({
        ObjectType: 'person',
        ObjectName: 'Jan Willem de Logboekmans',
        Username: 'beheerder',
        EntityName: expect.stringContaining('De Berk'),
        UserScreenName: expect.any(String),
      });
    expect(rows[0]!.ChangedFields).toEqual(['DateOfBirth']);
    // Names of fields only: the new date of birth is nowhere in the entry.
    expect(JSON.stringify(rows[0])).not.toContain('1951-04-15');
  });

  it('writes one entry for three refreshes of a list view, which the person filter finds', async () => {
    const nurse = await apiAs(t.app, 'verpleegkundige');
    const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const url = `/api/administration/list?departmentId=${eikenhof}&date=${today()}`;
    for (let i = 0; i < 3; i++) expect((await nurse.get(url)).statusCode).toBe(200);

    const patient = await demoPatientOf(t, 'Afdeling Eikenhof');
    const [person] = await t.db.select().from(s.persons).where(eq(s.persons.id, patient.personId));
    const views = await logOf(beheerder, `personId=${patient.personId}&objectType=administration_list`);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      Action: 'R',
      Username: 'verpleegkundige',
      ObjectName: 'Afdeling Eikenhof',
    });
    expect(views[0]!.RelatedPatients).toContainEqual({
      Id: patient.id,
      Name: `${person!.firstNames} ${person!.lastNamePrefix ? `${person!.lastNamePrefix} ` : ''}${person!.lastName}`,
    });
    // The client filter finds the same entry.
    expect(await logOf(beheerder, `patientId=${patient.id}&objectType=administration_list`)).toHaveLength(1);

    // Another view (another day) is a new entry.
    await nurse.get(`/api/administration/list?departmentId=${eikenhof}&date=2020-01-01`);
    expect(await logOf(beheerder, `userId=${nurse.account.Id}&objectType=administration_list`)).toHaveLength(
      2,
    );
  });

  it("keeps another organisation's names out of the caller's log", async () => {
    const berkPerson = (await beheerder.post('/api/person', newPersonBody('Geheim'))).json<Person>();
    const anker = await apiAs(t.app, 'anker');
    expect((await anker.get(`/api/person/${berkPerson.Id}`)).statusCode).toBe(404);
    const [refused] = await logOf(anker, `personId=${berkPerson.Id}`);
    expect(refused).toMatchObject({ Outcome: 'refused', ObjectId: String(berkPerson.Id), ObjectName: null });
    expect(JSON.stringify(refused)).not.toContain('Geheim');
  });
});
