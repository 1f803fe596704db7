import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Agreement } from '@zorgportaal/contract';
import { TestProviders } from '../../../test/render.tsx';
import { AgreementFormDialog } from './agreement-form-dialog.tsx';
import { paracetamolTablet } from '../utils/test-fixtures.ts';

const agreement = {
  Id: 7,
  PatientId: 5,
  Medication: paracetamolTablet,
  Type: 'continuous',
  Prescriber: 'Dr. Jansen',
  DistributionForm: 'gds',
  SelfManaged: false,
  Instructions: {
    DoseUnit: 'tablet',
    Moments: [{ Time: '08:00', Dose: 1 }],
    Weekdays: [],
    AsNeededCriterion: null,
    AsNeededMaxPerDay: null,
    AsNeededDose: null,
    Note: null,
  },
} as unknown as Agreement;

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => undefined, removeEventListener: () => undefined },
});

describe('<AgreementFormDialog> (change an agreement)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the contract messages under the fields and sends nothing', async () => {
    // The medication picker loads the catalogue; only a POST would send the agreement.
    const fetch = vi.fn(async () => new Response('{}', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    render(
      <TestProviders>
        <AgreementFormDialog patientId={5} agreement={agreement} onClose={() => undefined} />
      </TestProviders>,
    );
    fireEvent.change(await screen.findByTestId('agreement-prescriber'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('agreement-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('agreement-prescriber').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText('Vul de voorschrijver in.')).toBeTruthy();
    const methods = fetch.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].method);
    expect(methods).not.toContain('POST');
  });
});
