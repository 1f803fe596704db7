import { and, asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { departments, entities, patients, persons } from '../tables.ts';
import { clientFields, clientRow, clientVisible, type DashboardContext, dashboardList } from './base.ts';

/** One list of clients: its condition; every row shows the consent status and the allergies. */
const clientList = (where: SQL) =>
  dashboardList(
    (db: Db, ctx: DashboardContext) =>
      db
        .select({ ...clientFields, ConsentStatus: patients.consentStatus, Allergies: patients.allergies })
        .from(patients)
        .innerJoin(persons, eq(persons.id, patients.personId))
        .innerJoin(departments, eq(departments.id, patients.departmentId))
        .innerJoin(entities, eq(entities.id, patients.entityId))
        .where(and(clientVisible(ctx.scope), where))
        .orderBy(asc(entities.name), asc(departments.name), asc(persons.lastName), asc(patients.id)),
    ({ ConsentStatus, Allergies, ...client }) => ({ ...clientRow(client), ConsentStatus, Allergies }),
  );

/** Clients without an active eTDR consent (none yet, or withdrawn): the VP's and the AMO's "consent missing". */
export const noConsentList = clientList(ne(patients.consentStatus, 'given'));

/** Clients with at least one allergy recorded. */
export const allergiesList = clientList(sql`cardinality(${patients.allergies}) > 0`);
