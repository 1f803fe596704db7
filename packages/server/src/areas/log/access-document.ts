import { type AccessRow, accessWhat } from '@zorgportaal/contract';
import { localDate, localTime } from '../../platform/time.ts';
import { csvCell } from './csv.ts';

/**
 * What the overview "Wie heeft dit dossier ingezien" says, in plain Dutch, for the PDF and the CSV a care
 * centre hands to a client: one function per cell, so both files read the same as the screen.
 */

/** YYYY-MM-DD as the Dutch DD-MM-YYYY. */
export const dutchDate = (isoDate: string): string => isoDate.split('-').reverse().join('-');

/** An access as the cells of its line: date and time in Europe/Amsterdam, organisation, role, who, what. */
export function accessCells(row: AccessRow, staffNames: boolean): string[] {
  const at = new Date(row.EventAt);
  const cells = [dutchDate(localDate(at)), localTime(at), row.EntityName ?? '', row.Role ?? ''];
  if (staffNames) cells.push(row.StaffName ?? '');
  cells.push(accessWhat(row, 'nl'));
  return cells;
}

export const accessHeadings = (staffNames: boolean): string[] =>
  staffNames
    ? ['Datum', 'Tijd', 'Organisatie', 'Rol', 'Medewerker', 'Wat']
    : ['Datum', 'Tijd', 'Organisatie', 'Rol', 'Wat'];

export interface AccessPage {
  rows: AccessRow[];
  nextCursor: string | null;
}

/** The header of the overview: whose record, by whom, over which period. */
export interface AccessHeader {
  clientName: string;
  dateOfBirth: string | null;
  careCentre: string;
  from?: string;
  to?: string;
  staffNames: boolean;
  /** The day the overview was made (YYYY-MM-DD, Europe/Amsterdam). */
  madeOn: string;
}

/** "van 01-03-2026 tot en met 31-03-2026", or that the whole log is covered. */
export function periodText(header: Pick<AccessHeader, 'from' | 'to'>): string {
  const day = (value: string) => dutchDate(value.slice(0, 10));
  if (header.from && header.to) return `van ${day(header.from)} tot en met ${day(header.to)}`;
  if (header.from) return `vanaf ${day(header.from)}`;
  if (header.to) return `tot en met ${day(header.to)}`;
  return 'alles wat het portaal heeft vastgelegd';
}

/** Every page after the first, along the keyset; the first is read before the answer starts. */
export async function* followPages(
  first: AccessPage,
  nextPage: (cursor: string) => Promise<AccessPage>,
): AsyncGenerator<AccessRow[]> {
  let page = first;
  for (;;) {
    yield page.rows;
    if (!page.nextCursor) return;
    page = await nextPage(page.nextCursor);
  }
}

/** The line a file ends with when reading a later page failed: the file must say it is incomplete. */
export const ACCESS_FAILED_TEXT = 'FOUT: het overzicht is afgebroken; dit bestand is onvolledig.';

/** The CSV: a BOM (spreadsheets then read UTF-8), the headings, one line per access. */
export async function* accessCsv(
  pages: AsyncIterable<AccessRow[]>,
  staffNames: boolean,
  onError: (err: unknown) => void,
): AsyncGenerator<string> {
  const line = (cells: string[]) => `${cells.map(csvCell).join(',')}\r\n`;
  yield `\uFEFF${line(accessHeadings(staffNames))}`;
  try {
    for await (const rows of pages)
      if (rows.length) yield rows.map((row) => line(accessCells(row, staffNames))).join('');
  } catch (err) {
    onError(err);
    yield line([`#${ACCESS_FAILED_TEXT}`]);
    throw err;
  }
}
