/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { ERASED_SIGNATURE_PNG } from './consents.ts';
export { latestConsent } from './queries.ts';
