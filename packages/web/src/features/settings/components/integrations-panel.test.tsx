import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { Integration, IntegrationReportDetail } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { IntegrationsPanel } from './integrations-panel.tsx';

const BASE = '/api/management/settings';

const integration = (over: Partial<Integration>): Integration => ({
  Id: 1,
  Type: 'mp9',
  Name: 'AIS Apotheek Centrum',
  Source: 'https://ais.example.nl/fhir/bundle',
  Schedule: 'hourly',
  WardMapping: [],
  Active: true,
  HasSecret: true,
  NextRunAt: '2026-11-27T10:00:00.000Z',
  CreatedAt: '2026-11-01T09:00:00.000Z',
  UpdatedAt: null,
  LastReport: null,
  ...over,
});

const report: IntegrationReportDetail = {
  Id: 12,
  IntegrationId: 1,
  StartedAt: '2026-11-27T09:30:00.000Z',
  FinishedAt: '2026-11-27T09:30:01.000Z',
  Outcome: 'success',
  Created: 2,
  Updated: 1,
  Unchanged: 0,
  Refused: 0,
  Message: null,
  StartedBy: 'beheerder',
  Lines: [{ Seq: 1, Reference: 'MA-1', Action: 'created', Reason: null, PatientId: 9 }],
};

describe('Koppelingen: running an MP9 pull by hand', () => {
  let rows: Integration[];
  let runs: string[];

  beforeEach(() => {
    rows = [
      integration({}),
      integration({ Id: 2, Name: 'AIS uitgezet', Active: false, NextRunAt: null }),
      integration({
        Id: 3,
        Type: 'webhook',
        Name: 'Berichten naar het ECD',
        Schedule: 'manual',
        NextRunAt: null,
      }),
    ];
    runs = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (init?.method === 'POST' && /\/integration\/\d+\/run$/.test(url.pathname)) {
          runs.push(url.pathname);
          return jsonResponse(200, report);
        }
        if (url.pathname === `${BASE}/integrations`) return jsonResponse(200, { Rows: rows });
        if (url.pathname.endsWith('/reports')) return jsonResponse(200, { Rows: [report] });
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden.' });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const render = () =>
    renderRoutes([{ path: '/', element: <IntegrationsPanel organisationName="Apotheek Centrum" /> }], '/');

  it('offers "Nu ophalen" on an active MP9 link only, with its next scheduled run', async () => {
    render();
    const table = await screen.findByTestId('integrations-table');
    const rowOf = (name: string) => within(table).getByText(name).closest('tr')!;
    expect(within(rowOf('AIS Apotheek Centrum')).getByTestId('integration-run').textContent).toBe(
      'Nu ophalen',
    );
    expect(within(rowOf('AIS Apotheek Centrum')).getByTestId('integration-next-run').textContent).toMatch(
      /^Volgende run /,
    );
    expect(within(rowOf('AIS uitgezet')).queryByTestId('integration-run')).toBeNull();
    expect(within(rowOf('AIS uitgezet')).queryByTestId('integration-next-run')).toBeNull();
    expect(within(rowOf('Berichten naar het ECD')).queryByTestId('integration-run')).toBeNull();
  });

  it('runs that link and shows the report of the run', async () => {
    render();
    const table = await screen.findByTestId('integrations-table');
    const row = within(table).getByText('AIS Apotheek Centrum').closest('tr')!;
    fireEvent.click(within(row).getByTestId('integration-run'));
    const detail = await screen.findByTestId('report-detail');
    expect(runs).toEqual([`${BASE}/integration/1/run`]);
    expect(within(detail).getByTestId('report-summary').textContent).toContain('2 aangemaakt, 1 bijgewerkt');
    expect(
      within(detail)
        .getAllByTestId('report-line')
        .map((l) => l.getAttribute('data-action')),
    ).toEqual(['created']);
  });
});
