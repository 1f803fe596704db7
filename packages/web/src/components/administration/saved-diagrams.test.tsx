import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SESSION_KEYS, type Diagram } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { legacyDiagramsKey } from '../../lib/administration/legacy-diagrams.ts';
import { SavedDiagrams } from './saved-diagrams.tsx';

const diagram = (id: number, extra: Partial<Diagram> = {}): Diagram => ({
  Id: id,
  Title: `Diagram ${id}`,
  Definition: { Measure: 'deviations', GroupBy: 'status', PeriodDays: 7, DepartmentId: null },
  OwnerAccountId: 4,
  OwnerName: 'Fatima El Amrani',
  CreatedAt: '2026-03-02T09:30:00.000Z',
  UpdatedAt: '2026-03-02T09:30:00.000Z',
  MayChange: true,
  ...extra,
});
const RESULTS = {
  From: '2026-03-01',
  To: '2026-03-07',
  Total: 3,
  ByStatus: [],
  Late: { Count: 0, Percentage: 0 },
  AwaitingDoubleCheck: 0,
  GroupBy: 'status',
  Groups: [
    {
      Key: 'refused',
      Label: 'Geweigerd',
      Total: 3,
      ByStatus: [{ Status: 'refused', Count: 3, Percentage: 100 }],
    },
  ],
};

type Call = { method: string; url: string; body: string };

/** A fake API: the list answers `rows` (changed by DELETE and POST), every chart the same results. */
function fakeApi(initial: Diagram[]) {
  let rows = [...initial];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: String(init.body ?? '') });
      if (url.startsWith('/api/administration/results')) return jsonResponse(200, RESULTS);
      if (method === 'GET' && url === '/api/diagrams') return jsonResponse(200, { Rows: rows });
      if (method === 'POST' && url === '/api/diagrams') {
        const body = JSON.parse(String(init.body)) as Pick<Diagram, 'Title' | 'Definition'>;
        const created = diagram(100 + rows.length, body);
        rows = [created, ...rows];
        return jsonResponse(201, created);
      }
      const id = Number(url.split('/').pop());
      if (method === 'DELETE') {
        rows = rows.filter((row) => row.Id !== id);
        return new Response(null, { status: 204 });
      }
      if (method === 'PUT') {
        rows = rows.map((row) => (row.Id === id ? { ...row, ...JSON.parse(String(init.body)) } : row));
        return jsonResponse(
          200,
          rows.find((row) => row.Id === id),
        );
      }
      return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden.' });
    }),
  );
  return calls;
}

const render = () => renderRoutes([{ path: '/', element: <SavedDiagrams /> }], '/');
const cards = () => screen.queryAllByTestId('saved-diagram');

describe("SavedDiagrams: the organisation's diagrams", () => {
  beforeEach(() => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'tok');
    sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 600_000));
    sessionStorage.setItem(
      SESSION_KEYS.account,
      JSON.stringify({ Id: 9, Username: 'huisarts', Permissions: [{ name: 'administration.read' }] }),
    );
  });

  it('shows a skeleton while loading, then the empty state with what to do', async () => {
    fakeApi([]);
    render();
    expect(screen.getByTestId('saved-diagrams-loading')).toBeTruthy();
    expect((await screen.findByTestId('saved-diagrams-empty')).textContent).toContain(
      'Nog geen diagrammen opgeslagen.',
    );
  });

  it('shows each with its owner, date and live chart; actions only where the caller may change it', async () => {
    fakeApi([diagram(1), diagram(2, { MayChange: false, OwnerName: 'Peter de Vries' })]);
    render();
    await waitFor(() => expect(cards()).toHaveLength(2));
    const [own, other] = cards();
    expect(within(own!).getByTestId('saved-diagram-meta').textContent).toBe(
      'Opgeslagen door Fatima El Amrani op 02-03-2026',
    );
    expect(within(other!).getByTestId('saved-diagram-meta').textContent).toContain('Peter de Vries');
    expect(within(own!).queryByTestId('saved-diagram-delete')).not.toBeNull();
    expect(within(other!).queryByTestId('saved-diagram-delete')).toBeNull();
    expect(within(other!).queryByTestId('saved-diagram-rename')).toBeNull();
    expect((await within(own!).findAllByTestId('bar-chart-row')).length).toBe(1);
  });

  it('deletes only after the question, and then for everyone', async () => {
    const calls = fakeApi([diagram(1), diagram(2)]);
    render();
    await waitFor(() => expect(cards()).toHaveLength(2));
    fireEvent.click(within(cards()[0]!).getByTestId('saved-diagram-delete'));
    expect((await screen.findByTestId('diagram-delete-question')).textContent).toContain(
      '"Diagram 1" verwijderen?',
    );
    fireEvent.click(screen.getByTestId('confirm-dialog-cancel'));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(cards()[0]!).getByTestId('saved-diagram-delete'));
    fireEvent.click(await screen.findByTestId('confirm-dialog-confirm'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/diagrams/1',
    ]);
    expect(screen.getByTestId('saved-diagram-title').textContent).toBe('Diagram 2');
  });

  it('renames: an empty title is refused in the form, a new one is sent and shown', async () => {
    const calls = fakeApi([diagram(1)]);
    render();
    fireEvent.click(await screen.findByTestId('saved-diagram-rename'));
    const input = await screen.findByTestId('diagram-rename-title');
    expect((input as HTMLInputElement).value).toBe('Diagram 1');
    fireEvent.change(input, { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('diagram-rename-submit'));
    expect(await screen.findByText('Vul een titel in.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.change(input, { target: { value: 'Weigeringen deze week' } });
    fireEvent.click(screen.getByTestId('diagram-rename-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('saved-diagram-title').textContent).toBe('Weigeringen deze week'),
    );
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/diagrams/1',
      body: JSON.stringify({ Title: 'Weigeringen deze week' }),
    });
  });

  it("moves this browser's old diagrams to the server once and empties the browser", async () => {
    const key = legacyDiagramsKey('huisarts');
    window.localStorage.setItem(
      key,
      JSON.stringify([
        {
          Id: 'a',
          Title: 'Uit de browser',
          Measure: 'given',
          GroupBy: 'medication',
          PeriodDays: 30,
          DepartmentId: null,
        },
      ]),
    );
    const calls = fakeApi([]);
    render();
    await waitFor(() =>
      expect(screen.queryByTestId('saved-diagram-title')?.textContent).toBe('Uit de browser'),
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(window.localStorage.getItem(key)).toBeNull();
    expect(
      await screen.findByText('1 diagram uit deze browser is nu voor uw organisatie opgeslagen.'),
    ).toBeTruthy();
  });
});
