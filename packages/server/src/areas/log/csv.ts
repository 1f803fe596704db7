import { LOG_CSV_COLUMNS, type LogRow } from '@zorgportaal/contract';

/** What the two tests below look for, at once. */
const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n;]/;

/**
 * One CSV cell. Cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) get a leading
 * apostrophe (OWASP CSV injection): usernames and details come from users.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (!NEEDS_CARE.test(text)) return text; // most cells: one test instead of two (the export writes millions)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvHeader = (): string => `${LOG_CSV_COLUMNS.join(',')}\r\n`;

export const csvLine = (row: LogRow): string =>
  `${LOG_CSV_COLUMNS.map((c) => csvCell(row[c])).join(',')}\r\n`;

const DETAIL = LOG_CSV_COLUMNS.indexOf('Detail');

/**
 * The same line from an entry's cells as the database gives them (LOG_CSV_COLUMNS order, text or null;
 * Detail jsonb text, parsed so it is written as `csvLine` writes it), without a LogRow per entry.
 */
export function csvLineOfCells(cells: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    line += `${i ? ',' : ''}${csvCell(i === DETAIL && typeof value === 'string' ? JSON.parse(value) : value)}`;
  }
  return `${line}\r\n`;
}

/**
 * The last row of an export that failed after its first bytes were sent: the status line said 200
 * already, so the file itself must say that it is incomplete.
 */
export const EXPORT_FAILED_ROW = '"#FOUT: de export is afgebroken; dit bestand is onvolledig."\r\n';

/** Entries as cells (csvLineOfCells), a batch at a time. */
export type CellRows = readonly (readonly unknown[])[];

/**
 * The CSV of an export, batch by batch, so a large export never sits in memory. The first batch is read
 * by the caller before the response starts, so a bad filter or an unreachable database is still an
 * ordinary error response. A later failure is reported through `onError`, ends the file with
 * {@link EXPORT_FAILED_ROW} and is rethrown, so the transfer also ends abnormally. The batches are closed
 * when the file ends or is abandoned (a cursor's connection goes back to its pool).
 */
export async function* exportCsv(
  first: CellRows,
  rest: AsyncIterator<CellRows>,
  onError: (err: unknown) => void,
): AsyncGenerator<string> {
  try {
    yield `\uFEFF${csvHeader()}`; // BOM: Excel then reads UTF-8 (names with ë, é).
    let batch = first;
    for (;;) {
      if (batch.length) yield batch.map(csvLineOfCells).join('');
      let next: IteratorResult<CellRows>;
      try {
        next = await rest.next();
      } catch (err) {
        onError(err);
        yield EXPORT_FAILED_ROW;
        throw err;
      }
      if (next.done) return;
      batch = next.value;
    }
  } finally {
    await rest.return?.();
  }
}
