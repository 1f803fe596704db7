import {
  BAXTER_FILE_FIELDS,
  BAXTER_ROLL_DAYS,
  isCalendarDate,
  isValidBsn,
  type BaxterFileError,
} from '@zorgportaal/contract';
import { addDays, localInstant } from '../../platform/time.ts';

/** One line of a roll file, as read (strings), with its line number. */
export interface RawLine {
  line: number;
  values: Partial<Record<(typeof BAXTER_FILE_FIELDS)[number], unknown>>;
}

/** A line that passed the field checks. */
export interface FileLine {
  line: number;
  bsn: string;
  periodStart: string;
  at: Date;
  product: string;
  quantity: number;
}

const SEPARATOR = ';';

/** Splits one CSV line on `;`, with "double quotes" around fields that hold a `;` or a quote (""). */
function splitCsvLine(text: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === SEPARATOR) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells.map((v) => v.trim());
}

/** CSV (docs/baxter-roll-file.md): a header naming the five fields, then one sachet content per line. */
export function readCsv(content: string): { lines: RawLine[]; errors: BaxterFileError[] } {
  const errors: BaxterFileError[] = [];
  const physical = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = splitCsvLine(physical[0] ?? '')?.map((h) => h.toLowerCase()) ?? [];
  const missing = BAXTER_FILE_FIELDS.filter((f) => !header.includes(f));
  if (missing.length) {
    for (const field of missing)
      errors.push({ Line: 1, Field: field, Message: 'Deze kolom ontbreekt in de kopregel.' });
    return { lines: [], errors };
  }
  const lines: RawLine[] = [];
  physical.slice(1).forEach((text, i) => {
    const line = i + 2;
    if (text.trim() === '') return;
    const cells = splitCsvLine(text);
    if (!cells) {
      errors.push({ Line: line, Field: 'regel', Message: 'Een aanhalingsteken is niet gesloten.' });
      return;
    }
    if (cells.length !== header.length) {
      errors.push({
        Line: line,
        Field: 'regel',
        Message: `Deze regel heeft ${cells.length} velden; de kopregel ${header.length}.`,
      });
      return;
    }
    lines.push({ line, values: Object.fromEntries(header.map((h, k) => [h, cells[k]])) });
  });
  return { lines, errors };
}

/** JSON: an array of objects with the five fields; "line" is the element number (1-based). */
export function readJson(content: string): { lines: RawLine[]; errors: BaxterFileError[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { lines: [], errors: [{ Line: 0, Field: 'bestand', Message: 'Dit is geen geldige JSON.' }] };
  }
  if (!Array.isArray(parsed))
    return {
      lines: [],
      errors: [{ Line: 0, Field: 'bestand', Message: 'Verwacht een lijst (array) van regels.' }],
    };
  const errors: BaxterFileError[] = [];
  const lines: RawLine[] = [];
  parsed.forEach((item: unknown, i) => {
    if (!item || typeof item !== 'object' || Array.isArray(item))
      errors.push({ Line: i + 1, Field: 'regel', Message: 'Verwacht een object met de vijf velden.' });
    else lines.push({ line: i + 1, values: item as RawLine['values'] });
  });
  return { lines, errors };
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Checks each field of each line on its own; every problem is reported, none stops the others. */
export function checkLines(raw: RawLine[]): { lines: FileLine[]; errors: BaxterFileError[] } {
  const errors: BaxterFileError[] = [];
  const lines: FileLine[] = [];
  for (const { line, values } of raw) {
    const fail = (Field: string, Message: string) => errors.push({ Line: line, Field, Message });
    const before = errors.length;
    const str = (field: (typeof BAXTER_FILE_FIELDS)[number]) => {
      const v = values[field];
      return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
    };
    const bsn = str('bsn');
    if (!isValidBsn(bsn)) fail('bsn', 'Geen geldig BSN (9 cijfers, elfproef).');
    const periodStart = str('period_start');
    const validStart = isCalendarDate(periodStart) && new Date(`${periodStart}T00:00:00Z`).getUTCDay() === 1;
    if (!validStart) fail('period_start', 'Verwacht de maandag van de rolweek als JJJJ-MM-DD.');
    const when = DATE_TIME.exec(str('sachet_time'));
    let at: Date | null = null;
    if (!when || !isCalendarDate(when[1]!) || !HH_MM.test(when[2]!))
      fail('sachet_time', 'Verwacht een innamemoment als JJJJ-MM-DDTUU:MM.');
    else if (validStart && (when[1]! < periodStart || when[1]! > addDays(periodStart, BAXTER_ROLL_DAYS - 1)))
      fail('sachet_time', 'Het innamemoment valt buiten de rolweek.');
    else at = localInstant(when[1]!, when[2]!);
    const product = str('product');
    if (!product || product.length > 200) fail('product', 'Vul het product in (maximaal 200 tekens).');
    const rawQuantity = values.quantity;
    const quantity =
      typeof rawQuantity === 'number'
        ? rawQuantity
        : typeof rawQuantity === 'string' && /^\d+([.,]\d{1,3})?$/.test(rawQuantity.trim())
          ? Number(rawQuantity.trim().replace(',', '.'))
          : Number.NaN;
    if (!(quantity > 0 && quantity <= 100))
      fail('quantity', 'Verwacht een aantal groter dan 0 en hoogstens 100.');
    if (errors.length === before && at) lines.push({ line, bsn, periodStart, at, product, quantity });
  }
  return { lines, errors };
}
