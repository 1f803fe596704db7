import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SESSION_KEYS } from '@zorgportaal/contract';
import { PAD_HEIGHT, PAD_WIDTH } from '../../../components/signature-strokes.ts';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { moment, summary } from '../utils/test-fixtures.ts';
import AdministrationListPage from './administration-list.tsx';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const CONSENT_TEXT =
  'Ik geef toestemming dat de zorgverleners van deze zorginstelling mijn medicatie toedienen en registreren, en dat mijn apotheek en voorschrijvers deze registratie inzien.';

const departments = { Rows: [{ Id: 4, Name: 'Afdeling Eikenhof', EntityId: 2, EntityName: 'De Berk' }] };
const list = {
  DepartmentId: 4,
  DepartmentName: 'Afdeling Eikenhof',
  Date: '2026-03-10',
  MayRegister: true,
  Summary: summary(),
  Moments: [
    moment({ AgreementId: 1, Time: '08:00', PatientId: 1, PatientName: 'Anna de Vries' }),
    moment({ AgreementId: 2, Time: '08:00', PatientId: 2, PatientName: 'Bert Bakker', ConsentMissing: true }),
    moment({
      AgreementId: 3,
      Time: '12:00',
      ScheduledAt: '2026-03-10T11:00:00.000Z',
      PatientId: 2,
      PatientName: 'Bert Bakker',
      ConsentMissing: true,
    }),
  ],
};

function logInAs(permissions: string[]) {
  sessionStorage.setItem(
    SESSION_KEYS.account,
    JSON.stringify({
      Id: 7,
      Username: 'verpleegkundige',
      Person: {
        NameInformation: { FirstNames: 'Vera', LastName: { Prefix: null, LastName: 'Verpleeg' } },
      },
      Permissions: permissions.map((name, i) => ({ Id: i + 1, name })),
    }),
  );
}

/** Draws on the (stubbed) canvas the way a finger does. */
function draw(canvas: HTMLElement) {
  fireEvent.pointerDown(canvas, { pointerId: 3, pointerType: 'touch', button: 0, clientX: 20, clientY: 100 });
  for (const [x, y] of [
    [60, 70],
    [120, 130],
    [200, 90],
  ])
    fireEvent.pointerMove(canvas, { pointerId: 3, pointerType: 'touch', clientX: x, clientY: y });
  fireEvent.pointerUp(canvas, { pointerId: 3, pointerType: 'touch', clientX: 200, clientY: 90 });
}

describe('/administrationlist: recording a missing eTDR consent', () => {
  let posts: Record<string, unknown>[];
  let stored: typeof list;
  beforeEach(() => {
    posts = [];
    stored = list;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      new Proxy({}, { get: () => () => undefined, set: () => true }) as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      top: 0,
      width: PAD_WIDTH,
      height: PAD_HEIGHT,
    } as DOMRect);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/api/medication/departments') return jsonResponse(200, departments);
        if (url.pathname === '/api/administration/list') return jsonResponse(200, stored);
        if (url.pathname === '/api/etdr/informedconsent' && init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          posts.push(body);
          stored = {
            ...stored,
            Moments: stored.Moments.map((m) =>
              m.PatientId === body.PatientId ? { ...m, ConsentMissing: false } : m,
            ),
          };
          return jsonResponse(201, {
            Id: 9,
            PatientId: body.PatientId,
            EntityId: 2,
            Kind: 'consent',
            MedicationAgreementId: null,
            SignerName: body.SignerName,
            SignerRole: body.SignerRole,
            WitnessName: body.WitnessName,
            SignedAt: '2026-03-10T09:00:00.000Z',
            ConsentText: body.ConsentText,
            Signature: body.Signature,
            RecordedBy: 'verpleegkundige',
          });
        }
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden' });
      }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens the dialog per patient, refuses an empty signature, stores the drawn PNG and drops the warning', async () => {
    logInAs(['administration.read', 'administration.register']);
    renderRoutes(
      [{ path: '/administrationlist', element: <AdministrationListPage /> }],
      '/administrationlist',
    );
    const warning = await screen.findByTestId('consent-warning');
    const rows = within(warning).getAllByTestId('consent-warning-patient');
    expect(rows.map((row) => row.dataset.patientId)).toEqual(['2']);
    expect(screen.getAllByTestId('consent-missing-badge')).toHaveLength(2);

    fireEvent.click(
      within(rows[0]!).getByRole('button', { name: 'Toestemming vastleggen voor Bert Bakker' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Toestemming eTDR vastleggen' });
    expect(within(dialog).getByTestId('consent-text').textContent).toBe(CONSENT_TEXT);
    // The witness is the logged-in user unless changed.
    expect((within(dialog).getByLabelText('Getuige') as HTMLInputElement).value).toBe('Vera Verpleeg');

    // Nothing filled in, nothing drawn: three messages, no POST.
    fireEvent.click(within(dialog).getByTestId('consent-submit'));
    expect(within(dialog).getByText('Vul de naam van de ondertekenaar in.')).toBeTruthy();
    expect(within(dialog).getByText('Kies wie ondertekent.')).toBeTruthy();
    expect(within(dialog).getByText('Zet een handtekening in het vak.')).toBeTruthy();
    expect(within(dialog).getByTestId('signature-pad').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Naam van de ondertekenaar/), {
      target: { value: 'Karin Bakker' },
    });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Vertegenwoordiger' }));
    draw(within(dialog).getByTestId('signature-pad'));
    expect(within(dialog).queryByText('Zet een handtekening in het vak.')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('consent-submit'));

    await waitFor(() => expect(screen.queryByTestId('consent-warning')).toBeNull());
    expect(posts).toEqual([
      {
        PatientId: 2,
        Kind: 'consent',
        SignerName: 'Karin Bakker',
        SignerRole: 'representative',
        WitnessName: 'Vera Verpleeg',
        ConsentText: CONSENT_TEXT,
        Signature: PNG,
      },
    ]);
    expect(screen.queryAllByTestId('consent-missing-badge')).toHaveLength(0);
    expect(await screen.findByText('De toestemming van Bert Bakker is vastgelegd.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server refusal in the dialog', async () => {
    logInAs(['administration.read', 'administration.register']);
    const ok = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) =>
        new URL(input, 'http://localhost').pathname === '/api/etdr/informedconsent'
          ? jsonResponse(422, {
              Code: 'VALIDATION_FAILED',
              Message: 'De handtekening moet een PNG-afbeelding zijn.',
              Fields: { Signature: 'De handtekening moet een PNG-afbeelding zijn.' },
            })
          : ok(input, init),
      ),
    );
    renderRoutes(
      [{ path: '/administrationlist', element: <AdministrationListPage /> }],
      '/administrationlist',
    );
    fireEvent.click(await screen.findByTestId('consent-record-button'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Cliënt zelf' }));
    // Choosing "the client" fills in the client's name.
    expect((within(dialog).getByLabelText(/Naam van de ondertekenaar/) as HTMLInputElement).value).toBe(
      'Bert Bakker',
    );
    draw(within(dialog).getByTestId('signature-pad'));
    fireEvent.click(within(dialog).getByTestId('consent-submit'));
    expect((await within(dialog).findByTestId('consent-error')).textContent).toBe(
      'De handtekening moet een PNG-afbeelding zijn.',
    );
    expect(screen.getByTestId('consent-warning')).toBeTruthy();
  });

  it('offers no button without a permission to record', async () => {
    logInAs(['administration.read']);
    renderRoutes(
      [{ path: '/administrationlist', element: <AdministrationListPage /> }],
      '/administrationlist',
    );
    expect((await screen.findByTestId('consent-warning')).textContent).toContain('Bert Bakker');
    expect(screen.queryByTestId('consent-record-button')).toBeNull();
  });
});
