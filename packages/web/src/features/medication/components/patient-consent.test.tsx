import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SESSION_KEYS, type Patient } from '@zorgportaal/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { jsonResponse, TestProviders } from '../../../test/render.tsx';
import { PatientConsent } from './patient-consent.tsx';

const patient = (ConsentStatus: Patient['ConsentStatus']) =>
  ({ Id: 5, EntityId: 2, ScreenName: 'Bert Bakker', ConsentStatus }) as Patient;
const URL_PATH = '/api/etdr/patient/5/consentsignature/2';

function serve(...responses: Response[]) {
  const fetch = vi.fn(async (input: string) => {
    expect(new URL(input, 'http://localhost').pathname).toBe(URL_PATH);
    return responses.shift()!;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const renderConsent = (status: Patient['ConsentStatus'] = 'none') =>
  render(
    <TestProviders>
      <PatientConsent patient={patient(status)} />
    </TestProviders>,
  );

describe('<PatientConsent> (AMO patient header)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads, then shows the signed consent with its signature image', async () => {
    serve(
      jsonResponse(200, {
        Id: 9,
        PatientId: 5,
        EntityId: 2,
        Kind: 'consent',
        MedicationAgreementId: null,
        SignerName: 'Karin Bakker',
        SignerRole: 'representative',
        WitnessName: 'Vera Verpleeg',
        SignedAt: '2026-03-10T09:00:00.000Z',
        ConsentText: 'Ik geef toestemming.',
        Signature: 'data:image/png;base64,iVBORw0KGgo=',
        RecordedBy: 'verpleegkundige',
      }),
    );
    renderConsent('given');
    expect(screen.getByTestId('patient-consent').dataset.state).toBe('loading');
    const image = (await screen.findByTestId('consent-signature-image')) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(image.alt).toBe('Handtekening van Karin Bakker');
    expect(screen.getByTestId('consent-signer-name').textContent).toBe(
      'Door Karin Bakker (Vertegenwoordiger)',
    );
    expect(screen.getByTestId('consent-signed-at').textContent).toBe(
      `Getekend op ${formatDateTime('2026-03-10T09:00:00.000Z')}`,
    );
    expect(screen.getByText('Getuige: Vera Verpleeg')).toBeTruthy();
    expect(screen.queryByTestId('consent-record-button')).toBeNull();
  });

  it('treats 404 as "no consent yet" and offers to record one', async () => {
    sessionStorage.setItem(
      SESSION_KEYS.account,
      JSON.stringify({
        Id: 7,
        Username: 'verpleegkundige',
        Permissions: [{ Id: 1, name: 'administration.register' }],
      }),
    );
    serve(jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden' }));
    // The dialog's signature pad: jsdom has no canvas.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    renderConsent('none');
    expect((await screen.findByTestId('patient-consent-empty')).textContent).toBe(
      'Er is nog geen toestemming vastgelegd.',
    );
    fireEvent.click(screen.getByTestId('consent-record-button'));
    expect(await screen.findByRole('dialog', { name: 'Toestemming eTDR vastleggen' })).toBeTruthy();
  });

  it('shows a failure with a retry that loads again', async () => {
    const fetch = serve(
      jsonResponse(403, { Code: 'FORBIDDEN', Message: 'Geen toegang' }),
      jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden' }),
    );
    renderConsent('none');
    const error = await screen.findByTestId('patient-consent-error');
    expect(error.textContent).toContain('De toestemming kon niet worden geladen. Geen toegang');
    fireEvent.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    await waitFor(() => expect(screen.getByTestId('patient-consent').dataset.state).toBe('empty'));
    expect(fetch).toHaveBeenCalledTimes(2);
    // Without a permission to record there is no button.
    expect(screen.queryByTestId('consent-record-button')).toBeNull();
  });
});
