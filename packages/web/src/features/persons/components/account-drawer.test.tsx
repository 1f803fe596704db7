import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TestProviders, jsonResponse } from '../../../test/render.tsx';
import { AccountDrawer } from './account-drawer.tsx';

const person = {
  Id: 7,
  Deleted: false,
  NameInformation: {
    FirstNames: 'Anna',
    LastName: { Prefix: null, LastName: 'Jansen' },
    LastNamePartner: null,
  },
  DateOfBirth: null,
  CustomerName: null,
  Entity: 1,
  Avatar: null,
};
const account = {
  Id: 70,
  Username: 'ajansen',
  Password: '********',
  Person: person,
  Active: true,
  AccountActivePeriod: null,
  Deleted: false,
  Teams: [],
  Roles: [],
  AccountSubscription: [{ ProductId: 1, Start: null, End: null }],
  UserVersions: [],
  GroupsSendTo: [],
  GroupsReceivesFrom: [],
  LastLogin: null,
  EmailAddress: ['ajansen@example.nl'],
  EmployeeNumber: null,
  Permissions: [],
};
const lookups = { Roles: [], Teams: [], Groups: [], SendToGroups: [], Products: [] };

describe('linking an account in the drawer', { timeout: 20_000 }, () => {
  it('confirms and closes even when the refreshed person (now with its account) arrives first', async () => {
    let linked = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST' && url === '/api/account/link/7') {
          linked = true;
          return jsonResponse(201, account);
        }
        if (url === '/api/person/7')
          return jsonResponse(200, { Person: person, Account: linked ? account : null });
        // Invalidating the persons' queries refreshes the lookups too: slower than the person, as the
        // persons list is on the real page.
        if (url === '/api/accounts/lookups') {
          if (linked) await new Promise((resolve) => setTimeout(resolve, 200));
          return jsonResponse(200, lookups);
        }
        return jsonResponse(404, { message: `not in this test: ${url}` });
      }),
    );
    const onClose = vi.fn();
    render(
      <TestProviders>
        <AccountDrawer opened personId={7} screenName="Anna Jansen" onClose={onClose} />
      </TestProviders>,
    );
    fireEvent.change(await screen.findByTestId('account-form-username'), { target: { value: 'ajansen' } });
    fireEvent.change(screen.getByTestId('account-form-email-0'), { target: { value: 'ajansen@example.nl' } });
    fireEvent.click(screen.getByTestId('account-form-save'));
    expect(await screen.findByText(/Het account is gekoppeld/)).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
