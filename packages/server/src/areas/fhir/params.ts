import { addDays, dayBounds } from '../../platform/time.ts';
import { invalidParameter, notSupported } from './outcome.ts';

/**
 * Search parameters (FHIR R4 §3.1.1.5). Every parameter a request carries is either one the resource type
 * declares or a result parameter we handle; anything else is a 400 naming it — a client that filters on
 * something we ignore would otherwise read a wider answer than it asked for.
 */

export type ParamType = 'token' | 'reference' | 'date' | 'string';

export interface SearchParamDef {
  name: string;
  type: ParamType;
  /** The R4 definition this parameter implements (CapabilityStatement.rest.resource.searchParam.definition). */
  definition: string;
  documentation: string;
}

/** A date parameter's comparison: the value's range [start, end) and how the element compares with it. */
export interface DateBound {
  prefix: 'eq' | 'gt' | 'ge' | 'lt' | 'le';
  start: Date;
  end: Date;
}

export interface ParsedSearch {
  /** Per token or reference parameter: every occurrence (AND) with its comma-separated values (OR). */
  values: Map<string, string[][]>;
  /** Per date parameter: every occurrence (AND). */
  dates: Map<string, DateBound[]>;
  /** Page size: default 50, at most 200; 0 means count only. */
  count: number;
  summaryCount: boolean;
  include: boolean;
  /** The keyset cursor's raw value (checked by cursor.ts). */
  cursor: string | null;
  /** The query without `_cursor`, parameters sorted: the self link and what a cursor is bound to. */
  canonical: string;
}

export const DEFAULT_COUNT = 50;
export const MAX_COUNT = 200;

/** The result parameters every search accepts, besides the resource type's own parameters. */
const RESULT_PARAMETERS = ['_count', '_summary', '_cursor', '_format', '_include'] as const;
const JSON_FORMATS = new Set(['json', 'application/json', 'application/fhir+json']);
const DATE_PREFIXES = new Set(['eq', 'gt', 'ge', 'lt', 'le']);
const KNOWN_PREFIXES = new Set(['ne', 'sa', 'eb', 'ap']);

const DATE_TIME =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A FHIR date or dateTime search value as the range it stands for: a year, month or day in the care
 * centres' time zone (Europe/Amsterdam, the server's zone for values without one), or an instant to its
 * stated precision. Impossible calendar dates are refused.
 */
export function dateRange(name: string, raw: string): { start: Date; end: Date } {
  const match = DATE_TIME.exec(raw);
  if (!match)
    throw invalidParameter(name, `${name}: '${raw}' is not a FHIR date or dateTime with a time zone.`);
  const [, y, m, d, hh, mm, ss, fraction] = match;
  const year = Number(y);
  const month = m === undefined ? 1 : Number(m);
  const day = d === undefined ? 1 : Number(d);
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || calendar.getUTCDate() !== day || calendar.getUTCMonth() !== month - 1)
    throw invalidParameter(name, `${name}: '${raw}' is not a calendar date.`);
  const date = `${y}-${pad(month)}-${pad(day)}`;
  if (hh === undefined) {
    const start = dayBounds(date).start;
    const next =
      m === undefined
        ? `${year + 1}-01-01`
        : d === undefined
          ? month === 12
            ? `${year + 1}-01-01`
            : `${y}-${pad(month + 1)}-01`
          : addDays(date, 1);
    return { start, end: dayBounds(next).start };
  }
  if (Number(hh) > 23 || Number(mm) > 59 || (ss !== undefined && Number(ss) > 59))
    throw invalidParameter(name, `${name}: '${raw}' is not a valid time.`);
  const start = new Date(raw);
  if (Number.isNaN(start.getTime()))
    throw invalidParameter(name, `${name}: '${raw}' is not a valid dateTime.`);
  const precision = fraction ? 1 : ss !== undefined ? 1000 : 60_000;
  return { start, end: new Date(start.getTime() + precision) };
}

function dateBound(name: string, raw: string): DateBound {
  const prefix = /^[a-z]{2}/.test(raw) ? raw.slice(0, 2) : 'eq';
  if (KNOWN_PREFIXES.has(prefix))
    throw notSupported(name, `${name}: the prefix '${prefix}' is not supported.`);
  if (!DATE_PREFIXES.has(prefix) && /^[a-z]{2}/.test(raw))
    throw invalidParameter(name, `${name}: '${raw}' has an unknown prefix.`);
  const value = /^[a-z]{2}/.test(raw) ? raw.slice(2) : raw;
  return { prefix: prefix as DateBound['prefix'], ...dateRange(name, value) };
}

/** Splits a parameter value on unescaped commas (FHIR §3.1.1.5.7: `\,` is a literal comma). */
function orValues(raw: string): string[] {
  return raw
    .split(/(?<!\\),/)
    .map((v) => v.replace(/\\([,|$\\])/g, '$1'))
    .filter((v) => v !== '');
}

/** `system|code`, `|code` (no system), `code` (any system); `system|` is every code of the system. */
export function parseToken(raw: string): { system: string | undefined; code: string } {
  const bar = raw.search(/(?<!\\)\|/);
  if (bar === -1) return { system: undefined, code: raw };
  return { system: raw.slice(0, bar), code: raw.slice(bar + 1) };
}

const INT32_MAX = 2_147_483_647;

/** A resource id as our positive int32 ids, or null: such an id exists nowhere, so it matches nothing. */
export function numericId(raw: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= INT32_MAX ? id : null;
}

/**
 * The id of a reference to `type`: `Type/123`, a bare `123`, or an absolute URL ending in `Type/123`.
 * A reference to another type is a 400; an id that cannot be ours is null (matches nothing).
 */
export function referenceId(name: string, raw: string, type: string): number | null {
  const match = /^(?:.*\/)?([A-Za-z]+)\/([^/]+)$/.exec(raw);
  if (match) {
    if (match[1] !== type) throw invalidParameter(name, `${name}: a reference to ${type} is expected.`);
    return numericId(match[2]!);
  }
  if (raw.includes('/')) throw invalidParameter(name, `${name}: '${raw}' is not a reference.`);
  return numericId(raw);
}

function single(name: string, raw: string | string[]): string {
  if (Array.isArray(raw)) {
    if (raw.length !== 1) throw invalidParameter(name, `${name} may be given only once.`);
    return raw[0]!;
  }
  return raw;
}

/**
 * Reads a search request's query string against the type's parameters. Refuses (400) unknown
 * parameters, modifiers, unsupported prefixes and values, a second `_count`, an `_include` the type
 * does not offer, and a `_summary` other than `count`.
 */
export function parseSearch(
  query: Record<string, string | string[] | undefined>,
  params: readonly SearchParamDef[],
  includes: readonly string[],
): ParsedSearch {
  const byName = new Map(params.map((p) => [p.name, p]));
  const values = new Map<string, string[][]>();
  const dates = new Map<string, DateBound[]>();
  let count = DEFAULT_COUNT;
  let summaryCount = false;
  let include = false;
  let cursor: string | null = null;
  const canonical: [string, string][] = [];

  for (const [key, rawValue] of Object.entries(query)) {
    if (rawValue === undefined) continue;
    const all = [rawValue].flat();
    const name = key;
    if (name.includes(':'))
      throw notSupported(name, `The modifier of '${name}' is not supported (see the CapabilityStatement).`);
    if (name !== '_cursor') for (const v of all) canonical.push([name, v]);
    if ((RESULT_PARAMETERS as readonly string[]).includes(name)) {
      if (name === '_count') {
        const raw = single(name, rawValue);
        if (!/^\d{1,6}$/.test(raw)) throw invalidParameter(name, '_count must be a whole number.');
        count = Math.min(Number(raw), MAX_COUNT);
      } else if (name === '_summary') {
        const raw = single(name, rawValue);
        if (raw === 'count') summaryCount = true;
        else if (raw !== 'false') throw notSupported(name, `_summary=${raw} is not supported; use count.`);
      } else if (name === '_cursor') {
        cursor = single(name, rawValue);
      } else if (name === '_format') {
        if (!JSON_FORMATS.has(single(name, rawValue).split(';')[0]!.trim()))
          throw notSupported(name, 'Only JSON is supported (_format=json).');
      } else {
        for (const v of all)
          if (!includes.includes(v))
            throw notSupported(
              name,
              includes.length
                ? `_include=${v} is not supported; this type offers ${includes.join(', ')}.`
                : '_include is not supported for this type.',
            );
        include = true;
      }
      continue;
    }
    const def = byName.get(name);
    if (!def) throw notSupported(name, `The search parameter '${name}' is not supported for this type.`);
    for (const v of all) {
      if (v === '') throw invalidParameter(name, `${name} has an empty value.`);
      if (def.type === 'date') {
        const list = dates.get(name) ?? [];
        list.push(dateBound(name, v));
        dates.set(name, list);
      } else {
        const list = values.get(name) ?? [];
        const or = orValues(v);
        if (or.length === 0) throw invalidParameter(name, `${name} has an empty value.`);
        list.push(or);
        values.set(name, list);
      }
    }
  }
  if (count === 0) summaryCount = true;
  canonical.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return {
    values,
    dates,
    count,
    summaryCount,
    include,
    cursor,
    canonical: new URLSearchParams(canonical).toString(),
  };
}
