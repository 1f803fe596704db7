import { LOG_CSV_COLUMNS, type LogRow } from '@zorgportaal/contract';

/**
 * One CSV cell. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) get a leading
 * apostrophe (OWASP CSV injection): usernames and details come from users.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvHeader = (): string => `${LOG_CSV_COLUMNS.join(',')}\r\n`;

export const csvLine = (row: LogRow): string =>
  `${LOG_CSV_COLUMNS.map((c) => csvCell(row[c])).join(',')}\r\n`;
