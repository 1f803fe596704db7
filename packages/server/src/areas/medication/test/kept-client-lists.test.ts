import type { Patient, PatientList } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import {
  demoPatientOf,
  departmentIdOf,
  newClient,
  patientBody,
} from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { createKeptClientLists } from '../kept-client-lists.ts';
import { clientListVersion } from '../queries/client-list-version.ts';
import { clientsInView } from '../queries/patient-list.ts';

/**
 * The client list an instance keeps (kept-client-lists.ts) shows every change of what it shows at once, made
 * through this instance or straight in the database (as another instance would): a list that kept an old allergy
 * or an old room would be a clinical risk. The app runs with its default, lists kept.
 */
describe('the kept client list', () => {
  let t: TestApp;
  let nurse: Api;
  let beheerder: Api;
  let eikenhof: number;
  let client: Awaited<ReturnType<typeof demoPatientOf>>;
  beforeAll(async () => {
    t = await buildTestApp();
    nurse = await apiAs(t.app, 'verpleegkundige');
    beheerder = await apiAs(t.app, 'beheerder');
    eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    client = await demoPatientOf(t, 'Afdeling Eikenhof');
  });
  afterAll(() => t.close());

  const rows = async (as: Api, query: string): Promise<Patient[]> => {
    const res = await as.get(`/api/patients?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<PatientList>().Rows;
  };
  const wardQuery = () => `departmentId=${eikenhof}&limit=200`;
  /** The client as the ward's list, the whole list and the client's own list show it. */
  const shown = async (id = client.id, personId = client.personId) => {
    const ward = (await rows(nurse, wardQuery())).find((r) => r.Id === id);
    const all = (await rows(nurse, 'limit=200')).find((r) => r.Id === id);
    const own = (await rows(nurse, `personId=${personId}`)).find((r) => r.Id === id);
    expect(all).toEqual(ward);
    expect(own).toEqual(ward);
    return ward;
  };

  it('is answered from memory while its care centre’s counter stands still, and read again once it moves', async () => {
    expect((await shown())!.Room).not.toBe('K9.99');
    // A change no trigger sees (triggers off for its transaction): only a kept list can still miss it.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update patients set room = 'K9.99' where id = ${client.id}`);
    });
    expect((await rows(nurse, wardQuery())).find((r) => r.Id === client.id)!.Room).not.toBe('K9.99');
    await t.db.execute(
      sql`update client_list_versions set version = version + 1 where entity_id = ${client.entityId}`,
    );
    expect((await shown())!.Room).toBe('K9.99');
  });

  it('shows an allergy changed through the API at once', async () => {
    await shown();
    const res = await beheerder.put(
      `/api/patient/${client.id}`,
      patientBody(eikenhof, client.bsn!, { Room: 'K1.01', Allergies: ['jodium', 'latex'] }),
    );
    expect(res.statusCode).toBe(200);
    expect((await shown())!.Allergies).toEqual(['jodium', 'latex']);
  });

  it('shows what another instance changed in the database at once: client, person, department and pharmacy', async () => {
    const pharmacy = await entityIdOf(t, 'Apotheek Centrum');
    await t.db.execute(
      sql`update patients set allergies = '{pinda}', consent_status = 'refused', pharmacy_entity_id = ${pharmacy} where id = ${client.id}`,
    );
    expect(await shown()).toMatchObject({
      Allergies: ['pinda'],
      ConsentStatus: 'refused',
      PharmacyName: 'Apotheek Centrum',
    });
    await t.db.execute(
      sql`update persons set last_name = 'Veranderd', date_of_birth = '1931-02-03' where id = ${client.personId}`,
    );
    expect(await shown()).toMatchObject({
      DateOfBirth: '1931-02-03',
      ScreenName: expect.stringContaining('Veranderd'),
    });
    await t.db.execute(sql`update departments set name = 'Afdeling Eikenhof Noord' where id = ${eikenhof}`);
    expect((await shown())!.DepartmentName).toBe('Afdeling Eikenhof Noord');
    await t.db.execute(sql`update entities set name = 'Apotheek Hernoemd' where id = ${pharmacy}`);
    expect((await shown())!.PharmacyName).toBe('Apotheek Hernoemd');
  });

  it('moves a client between wards’ lists, and lists a new client at once', async () => {
    const other = await departmentIdOf(t, 'Afdeling Lindehof');
    const otherQuery = `departmentId=${other}&limit=200`;
    expect((await rows(nurse, otherQuery)).some((r) => r.Id === client.id)).toBe(false);
    await t.db.execute(sql`update patients set department_id = ${other} where id = ${client.id}`);
    expect((await rows(nurse, wardQuery())).some((r) => r.Id === client.id)).toBe(false);
    expect((await rows(nurse, otherQuery)).some((r) => r.Id === client.id)).toBe(true);
    await t.db.execute(sql`update patients set department_id = ${eikenhof} where id = ${client.id}`);

    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Nieuwkomer');
    const linked = await beheerder.post(
      `/api/patient/link/person/${personId}`,
      patientBody(eikenhof, '123456782'),
    );
    expect(linked.statusCode).toBe(201);
    expect((await rows(nurse, wardQuery())).some((r) => r.PersonId === personId)).toBe(true);
  });

  it('keeps a list per scope: a GP sees only the clients it prescribes for, and a new one at once', async () => {
    const huisarts = await apiAs(t.app, 'huisarts');
    const gp = await entityIdOf(t, 'Huisartsenpraktijk Linde');
    const own = (list: Patient[]) => list.every((r) => r.PrescriberEntityId === gp);
    const before = await rows(huisarts, wardQuery());
    expect(own(before)).toBe(true);
    expect((await rows(nurse, wardQuery())).length).toBeGreaterThan(before.length);
    const [other] = (await rows(nurse, wardQuery())).filter((r) => r.PrescriberEntityId !== gp);
    await t.db.execute(sql`update patients set prescriber_entity_id = ${gp} where id = ${other!.Id}`);
    const after = await rows(huisarts, wardQuery());
    expect(own(after)).toBe(true);
    expect(after.map((r) => r.Id)).toContain(other!.Id);
    // A care centre that does not reach De Berk gets nothing of it, kept or not.
    expect(await rows(await apiAs(t.app, 'anker'), wardQuery())).toEqual([]);
  });

  it('is not moved by the round: a registration, an agreement or a scheme leaves the version as it is', async () => {
    const view = clientsInView([client.entityId], { departmentId: eikenhof, like: null, limit: 200 });
    const before = await clientListVersion(t.db, view.values);
    await t.db.execute(
      sql`update medication_agreements set updated_at = now() where patient_id = ${client.id}`,
    );
    expect(await clientListVersion(t.db, view.values)).toBe(before);
    await t.db.execute(sql`update persons set first_names = first_names where id = ${client.personId}`);
    expect(await clientListVersion(t.db, view.values)).not.toBe(before);
  });

  it('holds no more than its bytes, and a search is never kept', async () => {
    const lists = createKeptClientLists(30_000);
    const scope = [await entityIdOf(t, 'Zorgcentrum De Berk')];
    for (const departmentId of [eikenhof, await departmentIdOf(t, 'Afdeling Lindehof')])
      await lists.answer(t.db, scope, { departmentId, limit: 200 });
    await lists.answer(t.db, scope, { limit: 200 });
    expect(lists.bytes).toBeGreaterThan(0);
    expect(lists.bytes).toBeLessThanOrEqual(30_000);
    const kept = lists.bytes;
    await lists.answer(t.db, scope, { q: 'a' });
    expect(lists.bytes).toBe(kept);
  });
});
