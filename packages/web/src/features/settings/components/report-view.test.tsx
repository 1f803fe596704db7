import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { IntegrationReportDetail } from '@zorgportaal/contract';
import { TestProviders } from '../../../test/render.tsx';
import { ReportView } from './report-view.tsx';

const report: IntegrationReportDetail = {
  Id: 3,
  IntegrationId: 1,
  StartedAt: '2026-11-23T09:00:00.000Z',
  FinishedAt: '2026-11-23T09:00:01.000Z',
  Outcome: 'partial',
  Created: 1,
  Updated: 0,
  Unchanged: 0,
  Refused: 1,
  Message: null,
  StartedBy: 'beheerder',
  Lines: [
    { Seq: 1, Reference: 'mc-1', Action: 'created', Reason: null, PatientId: 9 },
    {
      Seq: 2,
      Reference: 'mc-2',
      Action: 'refused',
      Reason: 'Het BSN voldoet niet aan de elfproef.',
      PatientId: null,
    },
  ],
};

describe('integration report', () => {
  it('shows the counts, and every line with what happened and why', () => {
    render(
      <TestProviders>
        <ReportView report={report} />
      </TestProviders>,
    );
    expect(screen.getByTestId('report-summary').textContent).toContain(
      '1 aangemaakt, 0 bijgewerkt, 0 ongewijzigd, 1 geweigerd',
    );
    const lines = screen.getAllByTestId('report-line');
    expect(lines.map((l) => l.getAttribute('data-action'))).toEqual(['created', 'refused']);
    expect(lines[1]!.textContent).toContain('Het BSN voldoet niet aan de elfproef.');
    expect(screen.queryByTestId('report-message')).toBeNull();
  });

  it('a failed run shows why, and says the source gave no clients', () => {
    render(
      <TestProviders>
        <ReportView
          report={{ ...report, Outcome: 'failure', Message: 'De bron is niet bereikbaar.', Lines: [] }}
        />
      </TestProviders>,
    );
    expect(screen.getByTestId('report-message').textContent).toBe('De bron is niet bereikbaar.');
    expect(screen.getByText('De bron gaf geen cliënten.')).toBeTruthy();
    expect(screen.getByTestId('report-summary').textContent).toContain('Mislukt');
  });
});
