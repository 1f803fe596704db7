import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SystemClient } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { SystemClientsPanel } from './system-clients-panel.tsx';

const BASE = '/api/management/settings/systemclients';
const SECRET = 'geheim-dat-maar-een-keer-wordt-getoond-0123456789';

const existing: SystemClient = {
  Id: 7,
  Name: 'AIS De Linde',
  ClientId: 'zpsc_0123456789abcdef01234567',
  Scopes: ['system/Patient.rs', 'system/MedicationRequest.rs', 'system/MedicationRequest.cu'],
  AuthMethod: 'client_secret',
  KeyIds: [],
  CreatedAt: '2026-11-01T09:00:00.000Z',
  LastUsedAt: null,
  RevokedAt: null,
};

describe('Koppelingen: system clients', () => {
  let rows: SystemClient[];
  let posts: { path: string; body: unknown }[];

  beforeEach(() => {
    rows = [existing];
    posts = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (init?.method === 'POST') {
          const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
          posts.push({ path: url.pathname, body });
          if (url.pathname === BASE) {
            const created = {
              ...existing,
              Id: 8,
              Name: 'HIS Linde',
              ClientId: 'zpsc_fedcba9876543210fedcba98',
              Scopes: ['system/Observation.rs'],
            };
            const withKey = (body as { AuthMethod?: string }).AuthMethod === 'private_key_jwt';
            rows = [...rows, created];
            return jsonResponse(201, {
              ...created,
              ...(withKey ? { AuthMethod: 'private_key_jwt', KeyIds: ['k1'] } : {}),
              ClientSecret: withKey ? null : SECRET,
            });
          }
          const revoked = { ...existing, RevokedAt: '2026-11-27T10:00:00.000Z' };
          rows = [revoked];
          return jsonResponse(200, revoked);
        }
        if (url.pathname === BASE) return jsonResponse(200, { Rows: rows });
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden.' });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const render = () => renderRoutes([{ path: '/', element: <SystemClientsPanel /> }], '/');

  it('lists the clients with their scopes and never a secret', async () => {
    render();
    const row = await screen.findByTestId('system-client-row');
    expect(row.textContent).toContain('AIS De Linde');
    expect(row.textContent).toContain('Cliënten (Patient)');
    expect(row.textContent).toContain('Medicatieafspraken (MedicationRequest)');
    expect(row.textContent).toContain('Medicatieafspraken schrijven');
  });

  it('creates a client and shows its secret once', async () => {
    render();
    fireEvent.click(await screen.findByTestId('system-client-new'));
    fireEvent.change(screen.getByTestId('system-client-name'), { target: { value: 'HIS Linde' } });
    fireEvent.click(screen.getByTestId('system-client-scope-Observation'));
    fireEvent.click(screen.getByTestId('system-client-scope-MedicationRequest-write'));
    fireEvent.click(screen.getByTestId('system-client-submit'));
    const secret = await screen.findByTestId('system-client-created-secret');
    expect((secret as HTMLInputElement).value).toBe(SECRET);
    expect(posts).toEqual([
      {
        path: BASE,
        body: { Name: 'HIS Linde', Scopes: ['system/Observation.rs', 'system/MedicationRequest.cu'] },
      },
    ]);
    expect(screen.getByText('Kopieer het geheim nu')).toBeTruthy();
    // Closed, the secret is gone for good: the list shows the new client without it.
    fireEvent.click(screen.getByTestId('system-client-created-close'));
    await waitFor(() => expect(screen.queryByTestId('system-client-created-secret')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('system-client-row')).toHaveLength(2));
    expect(document.body.textContent).not.toContain(SECRET);
    fireEvent.click(screen.getByTestId('system-client-new'));
    expect(screen.queryByTestId('system-client-created-secret')).toBeNull();
  });

  it('refuses a client without a scope before sending', async () => {
    render();
    fireEvent.click(await screen.findByTestId('system-client-new'));
    fireEvent.change(screen.getByTestId('system-client-name'), { target: { value: 'Leeg' } });
    fireEvent.click(screen.getByTestId('system-client-submit'));
    expect(await screen.findByText('Kies minstens één gegevenssoort.')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it('creates a client with a public key: the key is checked first, no secret is shown', async () => {
    render();
    fireEvent.click(await screen.findByTestId('system-client-new'));
    fireEvent.change(screen.getByTestId('system-client-name'), { target: { value: 'AIS sleutel' } });
    fireEvent.click(screen.getByTestId('system-client-scope-Patient'));
    fireEvent.click(screen.getByTestId('system-client-method-key'));
    fireEvent.change(await screen.findByTestId('system-client-public-key'), {
      target: { value: 'geen sleutel' },
    });
    fireEvent.click(screen.getByTestId('system-client-submit'));
    expect(await screen.findByText(/Plak de openbare sleutel/)).toBeTruthy();
    expect(posts).toEqual([]);
    const jwks = JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-384', x: 'abc', y: 'def', kid: 'k1' }] });
    fireEvent.change(screen.getByTestId('system-client-public-key'), { target: { value: jwks } });
    fireEvent.click(screen.getByTestId('system-client-submit'));
    await screen.findByTestId('system-client-created');
    expect(posts).toEqual([
      {
        path: BASE,
        body: {
          Name: 'AIS sleutel',
          Scopes: ['system/Patient.rs'],
          AuthMethod: 'private_key_jwt',
          PublicKey: jwks,
        },
      },
    ]);
    expect(screen.queryByTestId('system-client-created-secret')).toBeNull();
    expect((screen.getByTestId('system-client-created-token-url') as HTMLInputElement).value).toMatch(
      /\/oauth\/token$/,
    );
  });

  it('revokes only after the confirmation', async () => {
    render();
    fireEvent.click(await screen.findByTestId('system-client-revoke'));
    const dialog = await screen.findByRole('dialog', { name: 'Systeemclient intrekken' });
    expect(dialog.textContent).toContain('AIS De Linde');
    expect(posts).toEqual([]);
    // Cancel sends nothing.
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog-cancel')).toBeNull());
    expect(posts).toEqual([]);
    fireEvent.click(screen.getByTestId('system-client-revoke'));
    const again = await screen.findByRole('dialog', { name: 'Systeemclient intrekken' });
    fireEvent.click(within(again).getByRole('button', { name: 'Intrekken' }));
    await waitFor(() => expect(posts).toEqual([{ path: `${BASE}/7/revoke`, body: undefined }]));
    await waitFor(() => expect(screen.queryByTestId('system-client-revoke')).toBeNull());
    expect(screen.getByTestId('system-client-row').textContent).toContain('Ingetrokken');
  });
});
