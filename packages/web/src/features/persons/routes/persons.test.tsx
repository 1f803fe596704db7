import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render as renderUi, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SESSION_KEYS, type PersonListRow } from '@zorgportaal/contract';
import { jsonResponse, TestProviders } from '../../../test/render.tsx';
import PersonsPage from './persons.tsx';

const row: PersonListRow = {
  Id: 12,
  NameInformation: { FirstNames: 'Els', LastName: { Prefix: 'de', LastName: 'Bos' }, LastNamePartner: null },
  ScreenName: 'Els de Bos',
  DateOfBirth: '1950-03-09',
  CustomerName: null,
  Active: true,
  AccountId: 30,
  AccountActive: false,
  Username: 'e.bos',
  EmployeeNumber: null,
  Roles: [{ Id: 1, Name: 'Verzorgende' }],
  LastLogin: null,
};
const lookups = {
  Roles: [{ Id: 1, Name: 'Verzorgende', Permissions: [], Grantable: true }],
  Teams: [],
  Groups: [],
  SendToGroups: [],
  Products: [],
};

function stubApi(personinfo: () => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/api/accounts/lookups')) return jsonResponse(200, lookups);
    if (url.includes('/api/personinfo')) return personinfo();
    return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden.' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const page = (rows: PersonListRow[]) =>
  jsonResponse(200, { Rows: rows, Total: rows.length, TotalExact: true, Page: 1, PageSize: 25 });
/** A memory router at `path` (with its query string: the list state lives there). */
function render(path = '/management/persons') {
  const router = createMemoryRouter([{ path: '/management/persons', Component: PersonsPage }], {
    initialEntries: [path],
  });
  renderUi(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router };
}

describe('Personen (route)', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sessionStorage.setItem(SESSION_KEYS.accessToken, 'token');
    sessionStorage.setItem(
      SESSION_KEYS.account,
      JSON.stringify({
        Id: 1,
        Username: 'beheerder',
        Permissions: [{ name: 'persons.read' }, { name: 'persons.write' }],
      }),
    );
  });

  it('shows the skeleton, then the rows with the spec formats, and asks the server with the URL state', async () => {
    const fetch = stubApi(() => page([row]));
    render('/management/persons?q=bos&hasAccount=true&sort=dateOfBirth&dir=desc');
    expect(screen.getByTestId('persons-skeleton')).toBeTruthy();
    await screen.findByText('Els de Bos');
    expect(screen.getByTestId('person-date-of-birth').textContent).toBe('09-03-1950');
    expect(screen.getByTestId('person-account-inactive')).toBeTruthy();
    expect(screen.getByTestId('persons-sort-dateOfBirth').closest('th')?.getAttribute('aria-sort')).toBe(
      'descending',
    );
    const listCall = fetch.mock.calls
      .map(([url]) => String(url))
      .find((url) => url.includes('/api/personinfo'))!;
    expect(new URL(listCall, 'http://x').searchParams.toString()).toBe(
      'q=bos&hasAccount=true&sort=dateOfBirth&dir=desc&page=1&pageSize=25',
    );
  });

  it('shows a person just created: the list searches for it and the search field says so', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/api/accounts/lookups')) return jsonResponse(200, lookups);
      if (url.includes('/api/personinfo')) return page([row]);
      if (url.endsWith('/api/person') && init?.method === 'POST')
        return jsonResponse(200, {
          Id: 77,
          Deleted: false,
          NameInformation: { FirstNames: 'Anna', LastName: { Prefix: null, LastName: 'Visser' } },
          DateOfBirth: null,
          CustomerName: null,
          Entity: 2,
          Avatar: null,
        });
      return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden.' });
    });
    vi.stubGlobal('fetch', fetch);
    const { router } = render();
    await screen.findByText('Els de Bos');
    fireEvent.click(screen.getByTestId('person-create'));
    fireEvent.change(await screen.findByTestId('person-form-firstNames'), { target: { value: 'Anna' } });
    fireEvent.change(screen.getByTestId('person-form-lastName'), { target: { value: 'Visser' } });
    fireEvent.click(screen.getByTestId('person-form-save'));
    await waitFor(() => expect(router.state.location.search).toContain('q=Visser'));
    await waitFor(() =>
      expect((screen.getByTestId('persons-search') as HTMLInputElement).value).toBe('Visser'),
    );
  });

  it('shows the empty state', async () => {
    stubApi(() => page([]));
    render();
    await screen.findByTestId('persons-empty');
  });

  it('shows the error with a retry that asks again', async () => {
    let calls = 0;
    stubApi(() => {
      calls += 1;
      return calls === 1 ? jsonResponse(403, { Code: 'FORBIDDEN', Message: 'Geen toegang.' }) : page([row]);
    });
    render();
    const error = await screen.findByTestId('persons-error');
    expect(error.textContent).toContain('Geen toegang.');
    fireEvent.click(screen.getByTestId('load-error-retry'));
    await screen.findByText('Els de Bos');
  });

  it('sorts on a header click: same column flips, the URL follows', async () => {
    stubApi(() => page([row]));
    const { router } = render();
    await screen.findByText('Els de Bos');
    fireEvent.click(screen.getByTestId('persons-sort-name'));
    await waitFor(() => expect(router.state.location.search).toBe('?dir=desc'));
  });
});
