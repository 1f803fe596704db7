import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERSON_LIST,
  readPersonListParams,
  toggleSort,
  toPersonQuery,
  updatePersonList,
  writePersonListParams,
} from './person-list-params.ts';

describe('persons list state in the address bar', () => {
  it('reads the defaults from an empty URL and writes them back as an empty URL', () => {
    const state = readPersonListParams(new URLSearchParams());
    expect(state).toEqual(DEFAULT_PERSON_LIST);
    expect(writePersonListParams(state).toString()).toBe('');
  });

  it('round-trips every filter, sort and page', () => {
    const params = new URLSearchParams(
      'q=jan&active=false&hasAccount=true&role=3&team=7&sort=lastLogin&dir=desc&page=4&pageSize=50',
    );
    const state = readPersonListParams(params);
    expect(state).toEqual({
      q: 'jan',
      active: 'false',
      hasAccount: 'true',
      role: '3',
      team: '7',
      sort: 'lastLogin',
      dir: 'desc',
      page: 4,
      pageSize: 50,
    });
    expect(readPersonListParams(writePersonListParams(state))).toEqual(state);
  });

  it('ignores malformed values instead of sending them to the server', () => {
    const state = readPersonListParams(
      new URLSearchParams('active=ja&role=-1&team=abc&sort=password&dir=up&page=0&pageSize=1000'),
    );
    expect(state).toEqual(DEFAULT_PERSON_LIST);
  });
});

describe('the GET /api/personinfo query', () => {
  it('sends only the filters that are set, booleans as true/false, the search trimmed', () => {
    const state = { ...DEFAULT_PERSON_LIST, q: '  de Vries ', active: 'true' as const, role: '2' };
    expect(toPersonQuery(state)).toEqual({
      q: 'de Vries',
      active: 'true',
      hasAccount: undefined,
      role: '2',
      team: undefined,
      sort: 'name',
      dir: 'asc',
      page: 1,
      pageSize: 25,
    });
  });

  it('leaves out an empty or blank search', () => {
    expect(toPersonQuery({ ...DEFAULT_PERSON_LIST, q: '   ' }).q).toBeUndefined();
  });
});

describe('changing the list', () => {
  const onPage3 = { ...DEFAULT_PERSON_LIST, page: 3 };

  it('starts at page 1 again when a filter or the search changes', () => {
    expect(updatePersonList(onPage3, { team: '5' }).page).toBe(1);
    expect(updatePersonList(onPage3, { q: 'piet' }).page).toBe(1);
  });

  it('keeps the filters when only the page changes', () => {
    const filtered = { ...onPage3, team: '5' };
    expect(updatePersonList(filtered, { page: 4 })).toEqual({ ...filtered, page: 4 });
  });

  it('flips the direction on the same column and sorts another column ascending', () => {
    const byName = toggleSort(onPage3, 'name');
    expect(byName).toMatchObject({ sort: 'name', dir: 'desc', page: 1 });
    expect(toggleSort(byName, 'name')).toMatchObject({ sort: 'name', dir: 'asc' });
    expect(toggleSort(byName, 'dateOfBirth')).toMatchObject({ sort: 'dateOfBirth', dir: 'asc' });
  });
});
