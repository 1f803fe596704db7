/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { clientCredentialsGrant } from './grant.ts';
