import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEYS, type DiagramCreate } from '@zorgportaal/contract';
import { ApiRequestError, RequestFailedError } from '../api-errors.ts';
import { importLegacyDiagrams, legacyBody, legacyDiagramsKey } from './legacy-diagrams.ts';

const KEY = legacyDiagramsKey('huisarts');
/** An entry as Diagrammen kept it in this browser before. */
const old = (title: string, extra: Record<string, unknown> = {}) => ({
  Id: `id-${title}`,
  Title: title,
  Measure: 'deviations',
  GroupBy: 'department',
  PeriodDays: 7,
  DepartmentId: null,
  CreatedAt: '2026-01-05T10:00:00.000Z',
  ...extra,
});
const stored = () => JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as unknown;

describe('moving diagrams from this browser to the server', () => {
  beforeEach(() => {
    sessionStorage.setItem(
      SESSION_KEYS.account,
      JSON.stringify({ Id: 9, Username: 'huisarts', Permissions: [] }),
    );
  });

  it('turns an old entry into the server body, and refuses one that no longer makes a diagram', () => {
    expect(legacyBody(old('Afwijkingen', { DepartmentId: 3 }))).toEqual({
      Title: 'Afwijkingen',
      Definition: { Measure: 'deviations', GroupBy: 'department', PeriodDays: 7, DepartmentId: 3 },
    });
    expect(legacyBody(old('x'.repeat(150)))?.Title).toHaveLength(100);
    expect(legacyBody(old('Oud', { PeriodDays: 8 }))).toBeNull();
    expect(legacyBody(old('  '))).toBeNull();
    expect(legacyBody('rommel')).toBeNull();
  });

  it('sends every valid one in order, then clears the browser and reports the count once', async () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify([old('Eerste'), old('Kapot', { Measure: 'x' }), old('Tweede')]),
    );
    const create = vi.fn(async (_body: DiagramCreate) => ({}));
    const onStored = vi.fn();
    expect(await importLegacyDiagrams(create, onStored)).toBe(2);
    expect(create.mock.calls.map(([body]) => body.Title)).toEqual(['Eerste', 'Tweede']);
    expect(onStored).toHaveBeenCalledExactlyOnceWith(2);
    expect(stored()).toBeNull();
    // Nothing left: a later load sends nothing.
    expect(await importLegacyDiagrams(create, onStored)).toBe(0);
    expect(create).toHaveBeenCalledTimes(2);
    expect(onStored).toHaveBeenCalledTimes(1);
  });

  it('drops what the server refuses as invalid, keeps the rest for later when it cannot store now', async () => {
    window.localStorage.setItem(
      KEY,
      JSON.stringify([old('Geweigerd'), old('Eerste'), old('Vol'), old('Daarna')]),
    );
    const create = vi.fn(async (body: DiagramCreate) => {
      if (body.Title === 'Geweigerd') throw new ApiRequestError(422, { Code: 'VALIDATION_FAILED' });
      if (body.Title === 'Vol') throw new ApiRequestError(409, { Code: 'CONFLICT' });
      return {};
    });
    expect(await importLegacyDiagrams(create, vi.fn())).toBe(1);
    expect((stored() as { Title: string }[]).map((entry) => entry.Title)).toEqual(['Vol', 'Daarna']);

    create.mockImplementation(async () => {
      throw new RequestFailedError('network');
    });
    expect(await importLegacyDiagrams(create, vi.fn())).toBe(0);
    expect((stored() as unknown[]).length).toBe(2);
  });

  it('sends each diagram once when two lists start the move at the same time', async () => {
    window.localStorage.setItem(KEY, JSON.stringify([old('Eén')]));
    const create = vi.fn(async (_body: DiagramCreate) => ({}));
    const onStored = vi.fn();
    const [a, b] = await Promise.all([
      importLegacyDiagrams(create, onStored),
      importLegacyDiagrams(create, onStored),
    ]);
    expect([a, b]).toEqual([1, 1]);
    expect(create).toHaveBeenCalledTimes(1);
    expect(onStored).toHaveBeenCalledTimes(1);
  });

  it("leaves another user's diagrams in this browser alone", async () => {
    window.localStorage.setItem(legacyDiagramsKey('verpleegkundige'), JSON.stringify([old('Van een ander')]));
    const create = vi.fn(async (_body: DiagramCreate) => ({}));
    expect(await importLegacyDiagrams(create, vi.fn())).toBe(0);
    expect(create).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(legacyDiagramsKey('verpleegkundige'))).not.toBeNull();
  });
});
