import type { FastifyInstance } from 'fastify';
import fhirRoutes from './routes.ts';

/** The FHIR R4 interface at /fhir/R4 (docs/fhir.md): read and search, and the transaction of agreements. */
export default async function fhirArea(app: FastifyInstance): Promise<void> {
  // Registered as a child context: its error handler (OperationOutcome) is for its own routes only.
  await app.register(fhirRoutes);
}
