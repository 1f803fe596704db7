import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SESSION_KEYS, type EntityType, type Patient } from '@zorgportaal/contract';
import { useLocation } from 'react-router';
import { jsonResponse, renderRoutes } from '../../test/render.tsx';
import { ClientSearch } from './client-search.tsx';

const patient = (Id: number, ScreenName: string): Patient => ({
  Id,
  PersonId: Id,
  EntityId: 2,
  NameInformation: { FirstNames: ScreenName, LastName: { Prefix: null, LastName: ScreenName } },
  ScreenName,
  DateOfBirth: '1940-05-01',
  Bsn: '111222333',
  DepartmentId: 4,
  DepartmentName: 'Eikenhof',
  Room: 'E1.01',
  PharmacyEntityId: null,
  PharmacyName: null,
  GpName: null,
  PrescriberEntityId: null,
  PrescriberName: null,
  Allergies: [],
  ConsentStatus: 'given',
});

function signIn(permissions: string[], entityType: EntityType = 'carecenter') {
  sessionStorage.setItem(
    SESSION_KEYS.account,
    JSON.stringify({ Id: 1, Username: 'x', Permissions: permissions.map((name, Id) => ({ Id, name })) }),
  );
  sessionStorage.setItem(SESSION_KEYS.entityType, entityType);
}

/** Serves GET /api/patients and records what was searched. */
function serve() {
  const searched: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      searched.push(url.searchParams.get('q'));
      return jsonResponse(200, { Rows: [patient(5, 'Bert Bakker'), patient(8, 'Bep Bos')] });
    }),
  );
  return searched;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const renderHeader = () =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <>
            <ClientSearch />
            <Where />
          </>
        ),
      },
    ],
    '/dashboard',
  );

describe('global client search', () => {
  it('opens on Ctrl+K, searches as one types, and Enter on the arrowed client opens their AMO', async () => {
    signIn(['medication.read']);
    const searched = serve();
    renderHeader();
    expect(screen.getByTestId('client-search-button').textContent).toMatch(/Cliënt zoeken.*K/);

    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    const input = await screen.findByTestId('client-search-input');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(searched).toEqual([]); // nothing asked before anything is typed

    fireEvent.change(input, { target: { value: 'b' } });
    await waitFor(() => expect(screen.getAllByTestId('client-search-option')).toHaveLength(2));
    expect(searched).toEqual(['b']);
    expect(screen.getAllByTestId('client-search-option')[0]!.textContent).toContain('01-05-1940');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getAllByTestId('client-search-option')[1]!.id,
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/amo?patient=8'));
  });

  it('closes on Escape and gives the focus back to the header button', async () => {
    signIn(['medication.read']);
    serve();
    renderHeader();
    const button = screen.getByTestId('client-search-button');
    button.focus();
    fireEvent.click(button);
    const input = await screen.findByTestId('client-search-input');
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('opens INR waarden for the trombosis service, which may not open the AMO', async () => {
    signIn(['trombosis.read'], 'customer');
    serve();
    renderHeader();
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    fireEvent.change(await screen.findByTestId('client-search-input'), { target: { value: 'bert' } });
    await waitFor(() => expect(screen.getAllByTestId('client-search-option')).toHaveLength(2));
    fireEvent.keyDown(screen.getByTestId('client-search-input'), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/inrvalues?patient=5'));
  });

  it('is absent, shortcut included, for a user who may not read clients', async () => {
    signIn(['persons.read']);
    serve();
    renderHeader();
    expect(screen.queryByTestId('client-search-button')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('client-search-input')).toBeNull();
  });
});
