import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';
import { entityScope } from '../../../platform/scope.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { inPatientScope, inPatientScopeText, patientScopeParams } from '../patient-scope.ts';

/**
 * The scope rule in its two forms, Drizzle's (`inPatientScope`) and a prepared statement's
 * (`inPatientScopeText` with `patientScopeParams`), selects the same agreements for every organisation of
 * the demo world, the GP practice with its prescriber limit included.
 */
describe('inPatientScopeText equals inPatientScope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('selects the same agreements for every organisation', async () => {
    const byText = preparedStatement<{ id: number }>(
      'test_patient_scope',
      `select a.id from medication_agreements a where ${inPatientScopeText('a.entity_id', 'a.patient_id', 1)} order by a.id`,
    );
    let limited = 0;
    for (const entity of await t.db.select().from(s.entities)) {
      const scope = await entityScope(t.db, entity.id);
      if (scope.prescriber) limited++;
      const expected = await t.db
        .select({ id: s.medicationAgreements.id })
        .from(s.medicationAgreements)
        .where(inPatientScope(scope, s.medicationAgreements.entityId, s.medicationAgreements.patientId))
        .orderBy(s.medicationAgreements.id);
      expect(await byText(t.db, patientScopeParams(scope)), entity.name).toEqual(expected);
      // The GP practice sees some clients of the care centre, not all: the limit is exercised.
      if (scope.prescriber) expect(expected.length, entity.name).toBeGreaterThan(0);
    }
    expect(limited).toBeGreaterThan(0);
  });
});
