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

/**
 * The last row of an export that failed after its first bytes were sent: the status line said 200
 * already, so the file itself must say that it is incomplete.
 */
export const EXPORT_FAILED_ROW = '"#FOUT: de export is afgebroken; dit bestand is onvolledig."\r\n';

export interface LogPage {
  rows: LogRow[];
  nextCursor: string | null;
}

/**
 * The CSV of an export, page by page along the keyset, so a large export never sits in memory. The
 * first page is fetched by the caller before the response starts, so a bad filter or an unreachable
 * database is still an ordinary error response. A later failure is reported through `onError`, ends
 * the file with {@link EXPORT_FAILED_ROW} and is rethrown, so the transfer also ends abnormally.
 */
export async function* exportCsv(
  first: LogPage,
  nextPage: (cursor: string) => Promise<LogPage>,
  onError: (err: unknown) => void,
): AsyncGenerator<string> {
  yield `\uFEFF${csvHeader()}`; // BOM: Excel then reads UTF-8 (names with ë, é).
  let page = first;
  for (;;) {
    if (page.rows.length) yield page.rows.map(csvLine).join('');
    if (!page.nextCursor) return;
    try {
      page = await nextPage(page.nextCursor);
    } catch (err) {
      onError(err);
      yield EXPORT_FAILED_ROW;
      throw err;
    }
  }
}
