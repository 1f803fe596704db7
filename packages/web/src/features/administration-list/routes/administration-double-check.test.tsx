import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { moment, registration, summary } from '../utils/test-fixtures.ts';
import AdministrationListPage from './administration-list.tsx';

const departments = { Rows: [{ Id: 4, Name: 'Afdeling Eikenhof', EntityId: 2, EntityName: 'De Berk' }] };
const risky = moment({
  AgreementId: 3,
  PatientId: 9,
  PatientName: 'Cor van Dam',
  PhotoVersion: 'abcdefghijklmnop',
  MedicationName: 'INSULINE GLARGINE',
  DoubleCheckRequired: true,
  RiskCategories: ['insuline'],
});
const plain = moment({ AgreementId: 1, PatientName: 'Anna de Vries', PhotoVersion: null });
const waiting = moment({
  AgreementId: 5,
  PatientName: 'Bert Bakker',
  DoubleCheckRequired: true,
  Registrations: [
    registration({ Id: 70, AgreementId: 5, DoubleCheckRequired: true, AwaitingDoubleCheck: true }),
  ],
});
const list = (moments = [plain, risky, waiting]) => ({
  DepartmentId: 4,
  DepartmentName: 'Afdeling Eikenhof',
  Date: '2026-03-10',
  MayRegister: true,
  Summary: summary({ AwaitingDoubleCheck: 1 }),
  Moments: moments,
});

const field = (name: string) => ({
  Code: 'VALIDATION_FAILED',
  Message: 'Ongeldig',
  Fields: { [name]: `fout in ${name}` },
});

describe('/administrationlist: double check at the dose, photos, the waiting filter', () => {
  let posts: { DoubleCheck?: { Username: string; Password: string; Totp: string | null } }[];
  let answers: [number, unknown][];
  beforeEach(() => {
    posts = [];
    answers = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/medication/departments') return jsonResponse(200, departments);
        if (url.pathname === '/api/administration/list') return jsonResponse(200, list());
        if (url.pathname === '/api/administration/photo/9')
          return new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } });
        if (url.pathname === '/api/administration/registration' && init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          const [status, body] = answers.shift()!;
          return jsonResponse(status, body);
        }
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden' });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const riskCard = async () =>
    (await screen.findAllByTestId('moment-card')).find((c) => c.dataset.key === risky.Key)!;

  it('asks a colleague at the dose: field errors clear the secret, the code is asked when needed', async () => {
    renderRoutes(
      [{ path: '/administrationlist', element: <AdministrationListPage /> }],
      '/administrationlist',
    );
    const card = await riskCard();
    // The card shows the client's photo; a client without one shows initials.
    await waitFor(() => expect(within(card).getByTestId('client-photo').dataset.photo).toBe('image'));
    const other = (await screen.findAllByTestId('moment-card')).find((c) => c.dataset.key === plain.Key)!;
    expect(within(other).getByTestId('client-photo').textContent).toBe('AV');

    fireEvent.click(within(card).getByTestId('give-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Dubbele controle bij toediening' });
    expect(posts).toEqual([]);
    expect(within(dialog).getByTestId('at-dose-patient').textContent).toBe('Cor van Dam');

    answers.push([422, field('DoubleCheck.Password')]);
    fireEvent.change(within(dialog).getByTestId('at-dose-username'), { target: { value: 'collega' } });
    fireEvent.change(within(dialog).getByTestId('at-dose-password'), { target: { value: 'fout' } });
    fireEvent.click(within(dialog).getByTestId('at-dose-submit'));
    await within(dialog).findByText('fout in DoubleCheck.Password');
    expect((within(dialog).getByTestId('at-dose-password') as HTMLInputElement).value).toBe('');
    expect(posts[0]).toMatchObject({
      AgreementId: 3,
      Status: 'given',
      DoubleCheck: { Username: 'collega', Password: 'fout' },
    });

    answers.push([422, field('DoubleCheck.Totp')]);
    fireEvent.change(within(dialog).getByTestId('at-dose-password'), { target: { value: 'goed' } });
    fireEvent.click(within(dialog).getByTestId('at-dose-submit'));
    const code = await within(dialog).findByTestId('at-dose-totp');

    const checked = registration({
      Id: 80,
      AgreementId: 3,
      DoubleCheckRequired: true,
      DoubleCheckBy: { Id: 8, Username: 'collega', ScreenName: 'Collega Controle' },
    });
    answers.push([201, checked]);
    fireEvent.change(within(dialog).getByTestId('at-dose-password'), { target: { value: 'goed' } });
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByTestId('at-dose-submit'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts[2]).toMatchObject({
      DoubleCheck: { Username: 'collega', Password: 'goed', Totp: '123456' },
    });
    // Three answers in one dialog: more than the default 5 s on a busy CI machine.
  }, 20_000);

  it('registers without the colleague when none is at hand (checked afterwards)', async () => {
    renderRoutes(
      [{ path: '/administrationlist', element: <AdministrationListPage /> }],
      '/administrationlist',
    );
    fireEvent.click(within(await riskCard()).getByTestId('give-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Dubbele controle bij toediening' });
    answers.push([
      201,
      registration({ AgreementId: 3, DoubleCheckRequired: true, AwaitingDoubleCheck: true }),
    ]);
    fireEvent.click(within(dialog).getByTestId('at-dose-later'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).not.toHaveProperty('DoubleCheck');
  });

  it('?filter=doublecheck shows only the doses waiting for their check, with the way back', async () => {
    renderRoutes(
      [{ path: '/administrationlist', element: <AdministrationListPage /> }],
      '/administrationlist?filter=doublecheck',
    );
    await screen.findByTestId('double-check-filter');
    const cards = await screen.findAllByTestId('moment-card');
    expect(cards.map((c) => c.dataset.key)).toEqual([waiting.Key]);
    fireEvent.click(screen.getByTestId('double-check-filter-clear'));
    await waitFor(() => expect(screen.getAllByTestId('moment-card')).toHaveLength(3));
  });
});
