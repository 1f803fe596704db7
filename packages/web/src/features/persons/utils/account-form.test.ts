import { describe, expect, it } from 'vitest';
import type { Account } from '@zorgportaal/contract';
import {
  accountFormErrors,
  accountFormResolver,
  accountFormToBody,
  accountToForm,
  checkLinkForm,
  checkUpdateForm,
  newAccountForm,
} from './account-form.ts';

const account: Account = {
  Id: 9,
  Username: 'e.bos',
  Password: '********',
  Person: null,
  Active: true,
  AccountActivePeriod: { Start: '2025-01-01T00:00:00.000Z', End: null },
  Deleted: false,
  Teams: [{ Id: 2, Name: 'Noord' }],
  Roles: [{ Id: 5, Name: 'Verzorgende' }],
  AccountSubscription: [{ ProductId: 1, Start: '2025-01-01T00:00:00.000Z', End: null }],
  UserVersions: [],
  GroupsSendTo: [],
  GroupsReceivesFrom: [{ Id: 3, Name: 'Apotheek' }],
  LastLogin: null,
  EmailAddress: ['e.bos@example.nl'],
  EmployeeNumber: null,
  Permissions: [],
};

describe('the account form', () => {
  it('links a new account with the portal product and without a password field', () => {
    const check = checkLinkForm({
      ...newAccountForm(),
      username: 'nieuw.lid',
      emails: ['nieuw@example.nl', ' '],
    });
    expect(check).toEqual({
      ok: true,
      body: {
        Username: 'nieuw.lid',
        EmailAddress: ['nieuw@example.nl'],
        EmployeeNumber: null,
        RoleIds: [],
        TeamIds: [],
        GroupsSendTo: [],
        GroupsReceivesFrom: [],
        AccountSubscription: [{ ProductId: 1, Start: null, End: null }],
        AccountActivePeriod: null,
      },
    });
  });

  it('gives the contract messages for a bad username, no e-mail and a period that ends before it starts', () => {
    const check = checkLinkForm({
      ...newAccountForm(),
      username: 'a b',
      activeStart: '2026-05-01',
      activeEnd: '2026-04-01',
    });
    expect(check.ok ? {} : check.errors).toMatchObject({
      Username: 'Gebruik alleen letters, cijfers en . _ @ - in de gebruikersnaam.',
      EmailAddress: 'Vul minimaal één e-mailadres in.',
      'AccountActivePeriod.End': 'De einddatum moet na de begindatum liggen.',
    });
  });

  it('edits an account keeping the period of an existing subscription and leaving Active alone', () => {
    const form = accountToForm(account);
    expect(form).toMatchObject({
      roleIds: ['5'],
      teamIds: ['2'],
      receivesFrom: ['3'],
      activeStart: '2025-01-01',
    });
    const check = checkUpdateForm({ ...form, teamIds: [] }, account);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.body.AccountSubscription).toEqual(account.AccountSubscription);
    expect(check.body.TeamIds).toEqual([]);
    expect(check.body).not.toHaveProperty('Active');
  });

  it('adds a new subscription without a period', () => {
    const body = accountFormToBody(
      { ...accountToForm(account), productIds: ['1', '2'] },
      account.AccountSubscription,
    );
    expect(body.AccountSubscription[1]).toEqual({ ProductId: 2, Start: null, End: null });
  });

  it('shows the contract messages under the form fields they belong to', () => {
    const validate = accountFormResolver(null);
    expect(
      validate({
        ...newAccountForm(),
        username: 'a b',
        activeStart: '2026-05-01',
        activeEnd: '2026-04-01',
      }),
    ).toEqual({
      username: 'Gebruik alleen letters, cijfers en . _ @ - in de gebruikersnaam.',
      emails: 'Vul minimaal één e-mailadres in.',
      activeEnd: 'De einddatum moet na de begindatum liggen.',
    });
    expect(validate({ ...newAccountForm(), username: 'nieuw.lid', emails: ['nieuw@example.nl'] })).toEqual(
      {},
    );
  });

  it('refuses an impossible active-from date instead of sending no date', () => {
    const errors = accountFormResolver(account)({ ...accountToForm(account), activeStart: '31-02-2026' });
    expect(Object.keys(errors)).toEqual(['activeStart']);
  });

  it('moves a server 400 Fields to the form, one e-mail row by its index', () => {
    expect(
      accountFormErrors({
        'EmailAddress.1': 'Geen geldig e-mailadres.',
        Username: 'Deze gebruikersnaam is al in gebruik.',
        'RoleIds.0': 'Deze rol mag u niet toekennen.',
        AccountActivePeriod: 'Periode ongeldig.',
      }),
    ).toEqual({
      'emails.1': 'Geen geldig e-mailadres.',
      username: 'Deze gebruikersnaam is al in gebruik.',
      roleIds: 'Deze rol mag u niet toekennen.',
      activeEnd: 'Periode ongeldig.',
    });
  });
});
