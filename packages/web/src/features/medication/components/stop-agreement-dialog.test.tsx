import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Agreement } from '@zorgportaal/contract';
import { TestProviders, jsonResponse } from '../../../test/render.tsx';
import { useAgreements } from '../api/get-agreements.ts';
import { StopAgreementDialog } from './stop-agreement-dialog.tsx';
import { paracetamolTablet } from '../utils/test-fixtures.ts';

const active: Agreement = {
  Id: 7,
  EntityId: 2,
  PatientId: 5,
  Medication: paracetamolTablet,
  Prescriber: 'Dr. Jansen',
  Type: 'continuous',
  Start: '2026-03-01T07:00:00.000Z',
  End: null,
  StopType: null,
  StopReason: null,
  Reason: null,
  Instructions: {
    DoseUnit: 'tablet',
    Moments: [{ Time: '08:00', Dose: 1 }],
    Weekdays: [],
    AsNeededCriterion: null,
    AsNeededMaxPerDay: null,
    AsNeededDose: null,
    Note: null,
  },
  DistributionForm: 'gds',
  SelfManaged: false,
  ReplacesId: null,
  ReplacedById: null,
  Status: 'active',
  DoubleCheckRequired: false,
  CreatedAt: '2026-03-01T07:00:00.000Z',
  CreatedBy: 'arts',
};
const stopped: Agreement = {
  ...active,
  End: '2026-03-10T09:00:00.000Z',
  StopType: 'stopped',
  StopReason: 'Bijwerkingen',
  Status: 'stopped',
};

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

/** As on the AMO: the dialog is rendered only while open, beside the patient's agreements. */
function Page() {
  const [stopping, setStopping] = useState(true);
  const agreements = useAgreements(5);
  return (
    <>
      <p data-testid="agreement-status">{agreements.data?.Rows[0]?.Status}</p>
      {stopping ? <StopAgreementDialog agreement={active} onClose={() => setStopping(false)} /> : null}
    </>
  );
}

describe('stopping an agreement', { timeout: 20_000 }, () => {
  it('confirms the stop even when the dialog is closed while the agreements are refreshed', async () => {
    let stoppedOnServer = false;
    let refreshing = false;
    let listBack = () => {};
    const refreshed = new Promise<void>((resolve) => (listBack = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const path = new URL(input, 'http://localhost').pathname;
        if (init?.method === 'POST' && path === '/api/medication/agreement/7/stop') {
          stoppedOnServer = true;
          return jsonResponse(200, stopped);
        }
        if (path === '/api/medication/patient/5/agreements') {
          // The stop's own refresh of the list: it waits until the nurse has closed the dialog.
          if (stoppedOnServer) {
            refreshing = true;
            await refreshed;
          }
          return jsonResponse(200, { PatientId: 5, Rows: [stoppedOnServer ? stopped : active] });
        }
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: `not in this test: ${path}` });
      }),
    );
    render(
      <TestProviders>
        <Page />
      </TestProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('agreement-status').textContent).toBe('active'));
    fireEvent.change(screen.getByTestId('stop-reason'), { target: { value: 'Bijwerkingen' } });
    fireEvent.click(screen.getByTestId('stop-submit'));
    await waitFor(() => expect(refreshing).toBe(true));

    // Still busy, to her eye: she cancels. The agreement is stopped all the same, and she must be told.
    fireEvent.click(screen.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByTestId('stop-reason')).toBeNull());
    listBack();

    expect(await screen.findByText('De afspraak is gestopt.')).toBeTruthy();
    expect(screen.getByTestId('agreement-status').textContent).toBe('stopped');
  });
});
