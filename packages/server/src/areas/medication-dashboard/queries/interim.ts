import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import {
  baxterInterimChanges as ic,
  baxterRolls as r,
  departments,
  entities,
  medicationAgreements as a,
  medications,
  patients,
  persons,
} from '../tables.ts';
import { clientFields, clientRow, clientVisible, type DashboardContext, dashboardList } from './base.ts';

/**
 * Interim changes on Baxter rolls that are still running (their week has not ended): those rolls no longer
 * match the agreements from the change on, so the ward gives those doses apart from the roll and the
 * pharmacy knows the roll is off. One row per roll a change touched, newest change first.
 */
export const interimList = dashboardList(
  (db: Db, ctx: DashboardContext) =>
    db
      .select({
        ...clientFields,
        AgreementId: a.id,
        Medication: medications.name,
        Prescriber: a.prescriber,
        at: ic.at,
        InterimKind: ic.kind,
        from: r.periodStart,
        to: r.periodEnd,
      })
      .from(ic)
      .innerJoin(r, eq(r.id, ic.rollId))
      .innerJoin(a, eq(a.id, ic.agreementId))
      .innerJoin(medications, eq(medications.id, a.medicationId))
      .innerJoin(patients, eq(patients.id, r.patientId))
      .innerJoin(persons, eq(persons.id, patients.personId))
      .innerJoin(departments, eq(departments.id, patients.departmentId))
      .innerJoin(entities, eq(entities.id, patients.entityId))
      .where(and(clientVisible(ctx.scope), gte(r.periodEnd, ctx.today)))
      .orderBy(desc(ic.at), asc(ic.id)),
  ({ at, from, to, AgreementId, Medication, Prescriber, InterimKind, ...client }) => ({
    ...clientRow(client),
    AgreementId,
    Medication,
    Prescriber,
    At: at.toISOString(),
    InterimKind,
    Roll: { From: from, To: to },
  }),
);
