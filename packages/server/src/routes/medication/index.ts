import type { FastifyInstance } from 'fastify';
import administrationList from '../administration/list.ts';
import administrationDashboard from '../administration/dashboard.ts';
import registration from '../administration/registration.ts';
import administrationResults from '../administration/results.ts';
import consent from '../etdr/consent.ts';
import agreementChanges from './agreement-changes.ts';
import agreements from './agreements.ts';
import catalogue from './catalogue.ts';
import flowchart from './flowchart.ts';
import patients from './patients.ts';

/** Medication, administration registration and eTDR: one registration point for app.ts. */
export default async function medicationArea(app: FastifyInstance): Promise<void> {
  await app.register(patients);
  await app.register(catalogue);
  await app.register(agreements);
  await app.register(agreementChanges);
  await app.register(flowchart);
  await app.register(administrationList);
  await app.register(registration);
  await app.register(administrationResults);
  await app.register(administrationDashboard);
  await app.register(consent);
}
