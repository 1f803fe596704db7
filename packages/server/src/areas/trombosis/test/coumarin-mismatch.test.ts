import type {
  Agreement,
  CoumarinMismatchResponse,
  DosageSchemeList,
  TrombosisDashboard,
} from '@zorgportaal/contract';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { agreementBody, today } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const COUMARIN_PRODUCTS = ['ACENOCOUMAROL TABLET 1MG', 'FENPROCOUMON TABLET 3MG'];

describe('trombosis: a dosage scheme and the coumarin agreements must agree', () => {
  let t: TestApp;
  let trombose: Api;
  let beheerder: Api;
  let nurse: Api;
  let deBerk: number;

  beforeAll(async () => {
    t = await buildTestApp();
    trombose = await apiAs(t.app, 'trombose');
    beheerder = await apiAs(t.app, 'beheerder');
    nurse = await apiAs(t.app, 'verpleegkundige');
    deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
  });
  afterAll(() => t.close());

  const dashboard = async () => {
    const res = await trombose.get('/api/trombosis/dashboard');
    expect(res.statusCode).toBe(200);
    return res.json<TrombosisDashboard>();
  };

  it('has no mismatch in the demo: every scheme belongs to an active coumarin agreement of its drug', async () => {
    const schemes = await t.db.selectDistinct({ patientId: s.dosageSchemes.patientId }).from(s.dosageSchemes);
    expect(schemes.length).toBe(8);
    expect((await dashboard()).Mismatches).toEqual([]);
    const drugs = new Set<string>();
    for (const { patientId } of schemes) {
      const list = (
        await trombose.get(`/api/trombosis/patient/${patientId}/dosageschemes`)
      ).json<DosageSchemeList>();
      expect(list.Mismatch).toBeNull();
      drugs.add(list.Current!.Drug);
    }
    // Both coumarins are in the demo, each with its own agreement.
    expect([...drugs].sort()).toEqual(['acenocoumarol', 'fenprocoumon']);
  });

  it('flags a scheme whose coumarin agreement is stopped, on the dashboard, the scheme and for the AMO', async () => {
    const [row] = await t.db
      .select({ id: s.medicationAgreements.id, patientId: s.medicationAgreements.patientId })
      .from(s.medicationAgreements)
      .innerJoin(s.medications, eq(s.medications.id, s.medicationAgreements.medicationId))
      .innerJoin(s.dosageSchemes, eq(s.dosageSchemes.patientId, s.medicationAgreements.patientId))
      .where(
        and(
          inArray(s.medications.name, COUMARIN_PRODUCTS),
          eq(s.medicationAgreements.entityId, deBerk),
          isNull(s.medicationAgreements.endAt),
        ),
      )
      .limit(1);
    const stop = await beheerder.post(`/api/medication/agreement/${row!.id}/stop`, {
      StopType: 'stopped',
      Reason: 'Overgezet op DOAC',
    });
    expect(stop.statusCode).toBe(200);

    const list = (
      await trombose.get(`/api/trombosis/patient/${row!.patientId}/dosageschemes`)
    ).json<DosageSchemeList>();
    expect(list.Mismatch).toMatchObject({
      Kind: 'schemeWithoutAgreement',
      SchemeDrug: list.Current!.Drug,
      AgreementDrugs: [],
    });
    expect((await dashboard()).Mismatches).toEqual([
      expect.objectContaining({ PatientId: row!.patientId, Kind: 'schemeWithoutAgreement' }),
    ]);
    // The care centre's nurse sees the same flag with the client's medication.
    const amo = await nurse.get(`/api/trombosis/patient/${row!.patientId}/coumarinmismatch`);
    expect(amo.statusCode).toBe(200);
    expect(amo.json<CoumarinMismatchResponse>().Mismatch?.Kind).toBe('schemeWithoutAgreement');
  });

  it('flags a coumarin agreement without a dosage scheme', async () => {
    const dosed = (await t.db.selectDistinct({ id: s.dosageSchemes.patientId }).from(s.dosageSchemes)).map(
      (r) => r.id,
    );
    const [patient] = await t.db
      .select({ id: s.patients.id })
      .from(s.patients)
      .where(and(eq(s.patients.entityId, deBerk), notInArray(s.patients.id, dosed)))
      .limit(1);
    const [fenprocoumon] = await t.db
      .select({ id: s.medications.id })
      .from(s.medications)
      .where(eq(s.medications.name, 'FENPROCOUMON TABLET 3MG'));
    const created = await beheerder.post(
      '/api/medication/agreement',
      agreementBody(patient!.id, fenprocoumon!.id, {
        DistributionForm: 'loose',
        Instructions: { DoseUnit: 'tablet', Moments: [{ Time: '18:00', Dose: 1 }] },
      }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json<Agreement>().PatientId).toBe(patient!.id);

    expect((await dashboard()).Mismatches).toContainEqual(
      expect.objectContaining({
        PatientId: patient!.id,
        Kind: 'agreementWithoutScheme',
        SchemeDrug: null,
        AgreementDrugs: ['fenprocoumon'],
      }),
    );
    const list = (
      await trombose.get(`/api/trombosis/patient/${patient!.id}/dosageschemes`)
    ).json<DosageSchemeList>();
    expect(list.Mismatch?.Kind).toBe('agreementWithoutScheme');
  });

  it('flags a scheme of the other coumarin than the agreement, until a scheme of the right drug follows', async () => {
    const [row] = await t.db
      .select({ patientId: s.medicationAgreements.patientId })
      .from(s.medicationAgreements)
      .innerJoin(s.medications, eq(s.medications.id, s.medicationAgreements.medicationId))
      .innerJoin(s.dosageSchemes, eq(s.dosageSchemes.patientId, s.medicationAgreements.patientId))
      .where(and(eq(s.medications.name, 'ACENOCOUMAROL TABLET 1MG'), isNull(s.medicationAgreements.endAt)))
      .limit(1);
    const id = row!.patientId;
    const before = (
      await trombose.get(`/api/trombosis/patient/${id}/dosageschemes`)
    ).json<DosageSchemeList>();
    expect(before.Mismatch).toBeNull();
    const scheme = (drug: string, tablets: number) =>
      trombose.post(`/api/trombosis/patient/${id}/dosageschemes`, {
        Drug: drug,
        ValidFrom: today(),
        TabletsPerDay: Array(7).fill(tablets),
        NextCheck: before.SuggestedNextCheck,
        Note: null,
      });
    expect((await scheme('fenprocoumon', 1)).statusCode).toBe(201);
    const wrong = (await trombose.get(`/api/trombosis/patient/${id}/dosageschemes`)).json<DosageSchemeList>();
    expect(wrong.Mismatch).toMatchObject({
      Kind: 'drugMismatch',
      SchemeDrug: 'fenprocoumon',
      AgreementDrugs: ['acenocoumarol'],
    });
    expect((await scheme('acenocoumarol', 2)).statusCode).toBe(201);
    const right = (await trombose.get(`/api/trombosis/patient/${id}/dosageschemes`)).json<DosageSchemeList>();
    expect(right.Mismatch).toBeNull();
  });
});
