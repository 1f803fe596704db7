// Tables other areas join (they are first, so they exist before any import cycle reaches them).
export { medicationAgreements, medications, patients } from './schema.ts';
import type { FastifyInstance } from 'fastify';
import agreementChanges from './routes/agreement-changes.ts';
import agreements from './routes/agreements.ts';
import catalogue from './routes/catalogue.ts';
import flowchart from './routes/flowchart.ts';
import patients from './routes/patients.ts';
import prescribers from './routes/prescribers.ts';

/** Medication: clients (patients), the medication catalogue, medication agreements and the flowchart. */
export default async function medicationArea(app: FastifyInstance): Promise<void> {
  await app.register(patients);
  await app.register(prescribers);
  await app.register(catalogue);
  await app.register(agreements);
  await app.register(agreementChanges);
  await app.register(flowchart);
}

// What other areas may use.
export { pickDepartment, visibleDepartments } from './queries/departments.ts';
export { findAgreementRow, findPatient, listAgreements, listPatients } from './queries/index.ts';
export { seedDemoMedication } from './demo.ts';
export { seedMedicationCatalogue } from './demo-catalogue.ts';
export { demoClients } from './demo-clients.ts';
export { demoBsn, seededRandom } from './demo-regimens.ts';
export { selectPatients, toPatient } from './patient-mapper.ts';
