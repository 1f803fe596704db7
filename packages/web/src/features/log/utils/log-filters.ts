import {
  AUDIT_ACTION_CODES,
  AUDIT_OBJECT_TYPE_CODES,
  AUDIT_OUTCOME_CODES,
  type AuditAction,
} from '@zorgportaal/contract';
import type { QueryParams } from '../../../lib/http.ts';

/** The Logboek filters as they live in the address bar, so "view per person / per user" is a link. */
export interface LogFilterState {
  /** YYYY-MM-DD or '' (a Dutch calendar day; the server takes `to` inclusive). */
  from: string;
  to: string;
  userId: string;
  personId: string;
  action: AuditAction | '';
  outcome: string;
  /** An object type ('' = all); a dashboard tile links to e.g. today's logins. */
  objectType: string;
}

export const EMPTY_LOG_FILTERS: LogFilterState = {
  from: '',
  to: '',
  userId: '',
  personId: '',
  action: '',
  outcome: '',
  objectType: '',
};

const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');
const positiveId = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? value : '');

export function readLogFilters(params: URLSearchParams): LogFilterState {
  const action = params.get('action') as AuditAction | null;
  const outcome = params.get('outcome') ?? '';
  const objectType = params.get('objectType') ?? '';
  return {
    from: isoDate(params.get('from')),
    to: isoDate(params.get('to')),
    userId: positiveId(params.get('userId')),
    personId: positiveId(params.get('personId')),
    action: action && AUDIT_ACTION_CODES.includes(action) ? action : '',
    outcome: (AUDIT_OUTCOME_CODES as readonly string[]).includes(outcome) ? outcome : '',
    objectType: (AUDIT_OBJECT_TYPE_CODES as readonly string[]).includes(objectType) ? objectType : '',
  };
}

/** Only the filters that are set, in a stable order. */
export function writeLogFilters(state: LogFilterState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(EMPTY_LOG_FILTERS) as (keyof LogFilterState)[])
    if (state[key]) params.set(key, state[key]);
  return params;
}

/** A period whose end lies before its start finds nothing: the form says so instead of asking. */
export const periodIsValid = (state: LogFilterState): boolean =>
  !state.from || !state.to || state.from <= state.to;

/** The GET /api/log (and /api/log/export) query: the set filters; dates go as plain days. */
export function toLogQuery(state: LogFilterState): QueryParams {
  const query: QueryParams = {};
  for (const key of Object.keys(EMPTY_LOG_FILTERS) as (keyof LogFilterState)[])
    if (state[key]) query[key] = state[key];
  return query;
}
