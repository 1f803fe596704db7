import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PERSON_SORT_FIELDS,
  type PersonSortField,
} from '@zorgportaal/contract';
import type { QueryParams } from '../../../lib/http.ts';

export type TriState = '' | 'true' | 'false';
export type SortDirection = 'asc' | 'desc';

/** The state of the persons list, as it lives in the address bar (so it survives a reload and can be shared). */
export interface PersonListState {
  q: string;
  active: TriState;
  hasAccount: TriState;
  /** Role and team ids as strings ('' = all), the way a Select holds them. */
  role: string;
  team: string;
  sort: PersonSortField;
  dir: SortDirection;
  page: number;
  pageSize: number;
}

export const DEFAULT_PERSON_LIST: PersonListState = {
  q: '',
  active: '',
  hasAccount: '',
  role: '',
  team: '',
  sort: 'name',
  dir: 'asc',
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

const triState = (value: string | null): TriState => (value === 'true' || value === 'false' ? value : '');
const positiveId = (value: string | null): string => (value && /^[1-9]\d{0,9}$/.test(value) ? value : '');
const intIn = (value: string | null, min: number, max: number, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** Reads the list state from the search params; anything unknown or malformed falls back to the default. */
export function readPersonListParams(params: URLSearchParams): PersonListState {
  const sort = params.get('sort') as PersonSortField | null;
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    active: triState(params.get('active')),
    hasAccount: triState(params.get('hasAccount')),
    role: positiveId(params.get('role')),
    team: positiveId(params.get('team')),
    sort: sort && PERSON_SORT_FIELDS.includes(sort) ? sort : DEFAULT_PERSON_LIST.sort,
    dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    page: intIn(params.get('page'), 1, 100_000, 1),
    pageSize: intIn(params.get('pageSize'), 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  };
}

/** The search params of a list state; defaults are left out, so the plain URL is the default list. */
export function writePersonListParams(state: PersonListState): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(DEFAULT_PERSON_LIST) as (keyof PersonListState)[]) {
    const value = key === 'q' ? state.q.trim() : state[key];
    if (value !== DEFAULT_PERSON_LIST[key] && value !== '') params.set(key, String(value));
  }
  return params;
}

/** The GET /api/personinfo query (personListQuerySchema input): only the filters that are set. */
export function toPersonQuery(state: PersonListState): QueryParams {
  const q = state.q.trim();
  return {
    q: q || undefined,
    active: state.active || undefined,
    hasAccount: state.hasAccount || undefined,
    role: state.role || undefined,
    team: state.team || undefined,
    sort: state.sort,
    dir: state.dir,
    page: state.page,
    pageSize: state.pageSize,
  };
}

/**
 * A change of filters or search starts at page 1 again (page 7 of the old result may not exist);
 * a change of page keeps everything else.
 */
export function updatePersonList(state: PersonListState, change: Partial<PersonListState>): PersonListState {
  const next = { ...state, ...change };
  return 'page' in change ? next : { ...next, page: 1 };
}

/** Clicking a column header: the same column flips direction, another column sorts ascending. */
export function toggleSort(state: PersonListState, field: PersonSortField): PersonListState {
  const dir: SortDirection = state.sort === field && state.dir === 'asc' ? 'desc' : 'asc';
  return updatePersonList(state, { sort: field, dir });
}

/** True when a search or filter narrows the list (sort, page and page size do not). */
export const isFiltered = (state: PersonListState): boolean =>
  state.q.trim() !== '' ||
  state.active !== '' ||
  state.hasAccount !== '' ||
  state.role !== '' ||
  state.team !== '';
