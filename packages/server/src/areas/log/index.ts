export { default } from './routes.ts';
export { EXPORT_FAILED_ROW, exportCsv, type LogPage } from './csv.ts';
export { LOG_TILES } from './tiles.ts';
