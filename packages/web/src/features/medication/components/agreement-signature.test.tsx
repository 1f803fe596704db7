import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type { Agreement, Patient } from '@zorgportaal/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { jsonResponse, TestProviders } from '../../../test/render.tsx';
import { AgreementSignature } from './agreement-signature.tsx';

const patient = { Id: 5, EntityId: 2, ScreenName: 'Bert Bakker' } as Patient;
const agreement = (Status: Agreement['Status']) => ({ Id: 11, PatientId: 5, Status }) as Agreement;
const URL_PATH = '/api/etdr/patient/5/authorizedsignature/11/2';

function serve(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      expect(new URL(input, 'http://localhost').pathname).toBe(URL_PATH);
      return response;
    }),
  );
}

const renderSignature = (status: Agreement['Status'], onSign = vi.fn()) => {
  render(
    <TestProviders>
      <AgreementSignature patient={patient} agreement={agreement(status)} onSign={onSign} />
    </TestProviders>,
  );
  return onSign;
};

describe('<AgreementSignature> (AMO, prescriber)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows who signed and when', async () => {
    serve(
      jsonResponse(200, {
        Id: 9,
        PatientId: 5,
        EntityId: 2,
        Kind: 'authorized',
        MedicationAgreementId: 11,
        SignerName: 'Dr. Linde',
        SignerRole: 'prescriber',
        WitnessName: null,
        SignedAt: '2026-03-10T09:00:00.000Z',
        ConsentText: 'Als voorschrijver onderteken ik de medicatieafspraak.',
        Signature: 'data:image/png;base64,iVBORw0KGgo=',
        RecordedBy: 'huisarts',
      }),
    );
    renderSignature('active');
    expect((await screen.findByTestId('agreement-signed')).textContent).toBe(
      `Ondertekend door Dr. Linde op ${formatDateTime('2026-03-10T09:00:00.000Z')}`,
    );
    expect(screen.queryByTestId('agreement-sign')).toBeNull();
  });

  it('treats 404 as unsigned and offers "Ondertekenen" for an active agreement', async () => {
    serve(jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden.' }));
    const onSign = renderSignature('active');
    fireEvent.click(await screen.findByTestId('agreement-sign'));
    expect(onSign).toHaveBeenCalledWith(expect.objectContaining({ Id: 11 }));
  });

  it('offers no signing for an ended agreement', async () => {
    serve(jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden.' }));
    renderSignature('ended');
    expect(await screen.findByText('Niet ondertekend')).toBeTruthy();
    expect(screen.queryByTestId('agreement-sign')).toBeNull();
  });
});
