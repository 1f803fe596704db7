import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SESSION_KEYS, type Diagram } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import DiagramAddPage from './diagram-add.tsx';

const RESULTS = {
  From: '2026-03-01',
  To: '2026-03-07',
  Total: 0,
  ByStatus: [],
  Late: { Count: 0, Percentage: 0 },
  AwaitingDoubleCheck: 0,
  GroupBy: 'department',
  Groups: [],
};

/** The API of the page: departments, live results, and a diagram list that a POST adds to. */
function fakeApi(post: (body: Pick<Diagram, 'Title' | 'Definition'>) => Response | null = () => null) {
  const rows: Diagram[] = [];
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      if (url.startsWith('/api/administration/results')) return jsonResponse(200, RESULTS);
      if (url === '/api/medication/departments') return jsonResponse(200, { Rows: [] });
      if (method === 'GET' && url === '/api/diagrams') return jsonResponse(200, { Rows: rows });
      if (method === 'POST' && url === '/api/diagrams') {
        const body = JSON.parse(String(init.body)) as Pick<Diagram, 'Title' | 'Definition'>;
        posted.push(body);
        const refused = post(body);
        if (refused) return refused;
        const created: Diagram = {
          Id: rows.length + 1,
          ...body,
          OwnerAccountId: 9,
          OwnerName: 'Willem van den Berg',
          CreatedAt: new Date().toISOString(),
          UpdatedAt: new Date().toISOString(),
          MayChange: true,
        };
        rows.unshift(created);
        return jsonResponse(201, created);
      }
      return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden.' });
    }),
  );
  return posted;
}

const render = () =>
  renderRoutes(
    [{ path: '/zp/medication/diagram/add', element: <DiagramAddPage /> }],
    '/zp/medication/diagram/add',
  );

describe('/zp/medication/diagram/add (Diagrammen)', () => {
  beforeEach(() => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'tok');
    sessionStorage.setItem(SESSION_KEYS.expiresAt, String(Date.now() + 600_000));
    sessionStorage.setItem(SESSION_KEYS.entityType, 'customer');
    sessionStorage.setItem(
      SESSION_KEYS.account,
      JSON.stringify({ Id: 9, Username: 'huisarts', Permissions: [{ name: 'administration.read' }] }),
    );
  });

  it('saves the composed diagram on the server and shows it below, staying on the page', async () => {
    const posted = fakeApi();
    render();
    await screen.findByTestId('saved-diagrams-empty');
    fireEvent.change(screen.getByTestId('diagram-title'), {
      target: { value: '  Afwijkingen van mijn cliënten ' },
    });
    fireEvent.click(screen.getByTestId('diagram-save'));
    await waitFor(() =>
      expect(screen.queryByTestId('saved-diagram-title')?.textContent).toBe('Afwijkingen van mijn cliënten'),
    );
    expect(posted).toEqual([
      {
        Title: 'Afwijkingen van mijn cliënten',
        Definition: { Measure: 'deviations', GroupBy: 'department', PeriodDays: 7, DepartmentId: null },
      },
    ]);
    // A GP has no Toediendashboard: the message points below only.
    expect(
      await screen.findByText('Het diagram is opgeslagen voor uw organisatie: het staat hieronder.'),
    ).toBeTruthy();
    expect((screen.getByTestId('diagram-title') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('saved-diagram-meta').textContent).toContain('Willem van den Berg');
  });

  it('uses the suggested title when none is typed, and shows a refused title under the field', async () => {
    const posted = fakeApi(() =>
      jsonResponse(400, {
        Code: 'VALIDATION_FAILED',
        Message: 'De invoer is ongeldig.',
        Fields: { Title: 'Maximaal 100 tekens.' },
      }),
    );
    render();
    await screen.findByTestId('saved-diagrams-empty');
    fireEvent.click(screen.getByTestId('diagram-save'));
    expect(await screen.findByText('Maximaal 100 tekens.')).toBeTruthy();
    expect(posted).toEqual([expect.objectContaining({ Title: 'Afwijkingen per afdeling, 7 dagen' })]);
    expect(screen.queryByTestId('saved-diagram')).toBeNull();
  });
});
