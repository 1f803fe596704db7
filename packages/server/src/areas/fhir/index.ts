import type { FastifyInstance } from 'fastify';
import fhirRoutes from './routes.ts';

/** The FHIR R4 interface: a read-only view of the medication record at /fhir/R4 (docs/fhir.md). */
export default async function fhirArea(app: FastifyInstance): Promise<void> {
  // Registered as a child context: its error handler (OperationOutcome) is for its own routes only.
  await app.register(fhirRoutes);
}
