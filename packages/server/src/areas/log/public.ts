/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { EXPORT_FAILED_ROW, exportCsv, type LogPage } from './csv.ts';
