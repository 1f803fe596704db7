import type { Patient, PatientList } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import {
  demoPatientOf,
  departmentIdOf,
  newClient,
  patientBody,
} from '../../../../test/helpers/medication.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

describe('patients: link a person, edit, read, search', () => {
  let t: TestApp;
  let beheerder: Api;
  let eikenhof: number;
  beforeAll(async () => {
    t = await buildTestApp();
    beheerder = await apiAs(t.app, 'beheerder');
    eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
  });
  afterAll(() => t.close());

  it('makes a person a patient; the BSN must pass the elfproef', async () => {
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Elfproef');
    const bad = await beheerder.post(
      `/api/patient/link/person/${personId}`,
      patientBody(eikenhof, '123456789'),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Fields).toHaveProperty('Bsn');

    const res = await beheerder.post(
      `/api/patient/link/person/${personId}`,
      patientBody(eikenhof, '111222333'),
    );
    expect(res.statusCode).toBe(201);
    const patient = res.json<Patient>();
    expect(patient).toMatchObject({
      PersonId: personId,
      Bsn: '111222333',
      DepartmentId: eikenhof,
      DepartmentName: 'Afdeling Eikenhof',
      ConsentStatus: 'none',
      Allergies: ['penicilline'],
    });
    expect(
      (await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '111222333')))
        .statusCode,
    ).toBe(409);
  });

  it('refuses a department of another care centre, a non-pharmacy and a BSN already in use', async () => {
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Regels');
    const haven = await departmentIdOf(t, 'Wijk Haven');
    const wrongDepartment = await beheerder.post(
      `/api/patient/link/person/${personId}`,
      patientBody(haven, '123456782'),
    );
    expect(wrongDepartment.statusCode).toBe(422);
    expect(wrongDepartment.json().Fields).toHaveProperty('DepartmentId');
    const deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    const notPharmacy = await beheerder.post(
      `/api/patient/link/person/${personId}`,
      patientBody(eikenhof, '123456782', { PharmacyEntityId: deBerk }),
    );
    expect(notPharmacy.json().Fields).toHaveProperty('PharmacyEntityId');
    const duplicate = await beheerder.post(
      `/api/patient/link/person/${personId}`,
      patientBody(eikenhof, '111222333'),
    );
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().Fields).toHaveProperty('Bsn');
  });

  it('accepts as the pharmacy only one that supplies the care centre through an active link', async () => {
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Apotheekkeuze');
    const unlinked = await entityIdOf(t, 'Apotheek Centrum');
    const supplier = await entityIdOf(t, 'Apotheek De Linde');
    const refused = await beheerder.post(
      `/api/patient/link/person/${personId}`,
      patientBody(eikenhof, '999990020', { PharmacyEntityId: unlinked }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().Fields).toHaveProperty('PharmacyEntityId');
    const created = await beheerder.post(
      `/api/patient/link/person/${personId}`,
      patientBody(eikenhof, '999990020', { PharmacyEntityId: supplier }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json<Patient>().Id;
    const changed = await beheerder.put(
      `/api/patient/${id}`,
      patientBody(eikenhof, '999990020', { PharmacyEntityId: unlinked }),
    );
    expect(changed.statusCode).toBe(422);
    expect(changed.json().Fields).toHaveProperty('PharmacyEntityId');
    expect((await beheerder.get(`/api/patient/${id}`)).json().PharmacyEntityId).toBe(supplier);
  });

  it('edits a patient and logs C, U and R with the patient id', async () => {
    const personId = await newClient(t, 'Zorgcentrum De Berk', 'Wijzig');
    const created = (
      await beheerder.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '999990019'))
    ).json<Patient>();
    const lindehof = await departmentIdOf(t, 'Afdeling Lindehof');
    const res = await beheerder.put(
      `/api/patient/${created.Id}`,
      patientBody(lindehof, '999990019', { Room: 'L2.07', Allergies: [] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ DepartmentName: 'Afdeling Lindehof', Room: 'L2.07', Allergies: [] });
    expect((await beheerder.get(`/api/patient/${created.Id}`)).json().Room).toBe('L2.07');
    const actions = (await auditRows(t, { objectType: 'patient' }))
      .filter((r) => r.patientId === created.Id)
      .map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['C', 'U', 'R']));
  });

  it('searches the patients of the own care centre by name, BSN or room', async () => {
    const all = (await beheerder.get('/api/patients?limit=200')).json<PatientList>().Rows;
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(new Set(all.map((p) => p.EntityId))).toEqual(
      new Set([await entityIdOf(t, 'Zorgcentrum De Berk')]),
    );
    const found = (await beheerder.get('/api/patients?q=Elfproef')).json<PatientList>().Rows;
    expect(found.map((p) => p.NameInformation.LastName.LastName)).toEqual(['Elfproef']);
    expect((await beheerder.get('/api/patients?q=111222')).json<PatientList>().Rows).toHaveLength(1);
    // The client record of one person (the client screen uses it after "Deze persoon is al cliënt.").
    const one = all[0]!;
    const ofPerson = (await beheerder.get(`/api/patients?personId=${one.PersonId}`)).json<PatientList>().Rows;
    expect(ofPerson.map((p) => p.Id)).toEqual([one.Id]);
  });

  describe('scope across organisations', () => {
    it('another care centre and a pharmacy that does not supply De Berk get 404, logged as refused', async () => {
      const patient = await demoPatientOf(t, 'Afdeling Eikenhof');
      for (const username of ['anker', 'centrum']) {
        const other = await apiAs(t.app, username);
        expect((await other.get(`/api/patient/${patient.id}`)).statusCode).toBe(404);
        expect((await other.get(`/api/medication/patient/${patient.id}/agreements`)).statusCode).toBe(404);
        expect(
          (await other.get('/api/patients?limit=200'))
            .json<PatientList>()
            .Rows.some((p) => p.Id === patient.id),
        ).toBe(false);
      }
      const refused = (await auditRows(t, { objectType: 'patient', outcome: 'refused' })).filter(
        (r) => r.objectId === String(patient.id),
      );
      expect(refused.length).toBeGreaterThanOrEqual(4);
    });

    it('the supplying pharmacy reads De Berk patients but not those of Het Anker', async () => {
      const apotheker = await apiAs(t.app, 'apotheker');
      const berk = await demoPatientOf(t, 'Afdeling Eikenhof');
      const anker = await demoPatientOf(t, 'Wijk Haven');
      expect((await apotheker.get(`/api/patient/${berk.id}`)).statusCode).toBe(200);
      expect((await apotheker.get(`/api/patient/${anker.id}`)).statusCode).toBe(404);
      const personId = await newClient(t, 'Zorgcentrum Het Anker', 'Vreemd');
      const haven = await departmentIdOf(t, 'Wijk Haven');
      expect(
        (await apotheker.post(`/api/patient/link/person/${personId}`, patientBody(haven, '012345672')))
          .statusCode,
      ).toBe(404);
    });

    it('needs medication.write to link', async () => {
      const nurse = await apiAs(t.app, 'verpleegkundige');
      const personId = await newClient(t, 'Zorgcentrum De Berk', 'Rechten');
      expect(
        (await nurse.post(`/api/patient/link/person/${personId}`, patientBody(eikenhof, '012345672')))
          .statusCode,
      ).toBe(403);
    });
  });
});
