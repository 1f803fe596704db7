/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { expireOrders } from './queries/index.ts';
