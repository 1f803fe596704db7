import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { LogRow } from '@zorgportaal/contract';
import { i18n } from '../../../lib/i18n.ts';
import { TestProviders } from '../../../test/render.tsx';
import { LogTable } from './log-table.tsx';

const base: LogRow = {
  EventId: 'e1',
  EventAt: '2026-03-02T09:15:00.000Z',
  Action: 'R',
  Outcome: 'success',
  UserId: 2,
  Username: 'verpleegkundige',
  Role: 'Verpleegkundige',
  EntityId: 1,
  ResponsibleUserId: null,
  Ip: '127.0.0.1',
  ObjectType: 'administration_list',
  ObjectId: '4',
  PatientId: null,
  Detail: { date: '2026-03-02' },
  UserScreenName: 'Vera Verpleegkundige',
  EntityName: 'Zorgcentrum De Berk',
  ObjectName: 'Afdeling Eikenhof',
  PatientName: null,
  RelatedPatients: [
    { Id: 11, Name: 'Anna de Vries' },
    { Id: 12, Name: 'Bert Bakker' },
  ],
  ChangedFields: null,
};
const change: LogRow = {
  ...base,
  EventId: 'e2',
  Action: 'U',
  ObjectType: 'person',
  ObjectId: '3',
  ObjectName: 'Jan de Boer',
  RelatedPatients: [],
  ChangedFields: ['DateOfBirth', 'NameInformation'],
  Detail: null,
};
const refresh: LogRow = {
  ...base,
  EventId: 'e3',
  Action: 'E',
  ObjectType: 'session',
  ObjectId: 'a96fb245-7d4c-4b8e-9d7e-0c6f1e2a3b4c',
  ObjectName: null,
  RelatedPatients: [],
  Detail: null,
};

/** The pharmacy's printout of one of our clients: its organisation and role, no one at the pharmacy. */
const partner: LogRow = {
  ...base,
  EventId: 'e4',
  Action: 'P',
  UserId: null,
  Username: null,
  UserScreenName: null,
  Role: 'Apotheker',
  EntityId: 7,
  EntityName: 'Apotheek De Linde',
  Ip: null,
  ObjectType: 'medication_agreements',
  ObjectId: '11',
  ObjectName: null,
  PatientId: 11,
  PatientName: 'Anna de Vries',
  RelatedPatients: [],
  Detail: null,
};
const orders: LogRow = {
  ...base,
  EventId: 'e5',
  ObjectType: 'order_list',
  ObjectId: 'carecentre',
  ObjectName: null,
  RelatedPatients: [],
};

function renderRows(rows = [base, change, refresh]) {
  render(
    <TestProviders>
      <MemoryRouter>
        <LogTable rows={rows} linkTo={(key, id) => `?${key}=${id}`} />
      </MemoryRouter>
    </TestProviders>,
  );
  return screen.getAllByTestId('log-row');
}

describe('Logboek rows', () => {
  afterEach(() => i18n.changeLanguage('nl'));

  it('read in Dutch with names: user, organisation, object, clients of a list view, changed fields', () => {
    const [list, person, session] = renderRows();
    expect(within(list!).getByTestId('log-user').textContent).toBe(
      'Vera Verpleegkundige (verpleegkundige)Zorgcentrum De Berk',
    );
    expect(within(list!).getByTestId('log-action').textContent).toBe('Gelezen');
    expect(within(list!).getByTestId('log-object').textContent).toBe(
      'Toedienlijst: Afdeling Eikenhof2 cliënten',
    );
    expect(within(list!).getByTestId('log-related').getAttribute('title')).toBe('Anna de Vries, Bert Bakker');
    expect(within(person!).getByTestId('log-object').textContent).toBe(
      'Persoon: Jan de Boergewijzigd: Geboortedatum, Naam',
    );
    // No raw codes or session ids.
    expect(within(session!).getByTestId('log-object').textContent).toBe('Sessie verlengd');
    expect(within(list!).getByTestId('log-outcome').textContent).toBe('Gelukt');
  });

  it("shows another organisation's access by organisation and role, and no raw order side", async () => {
    const [print, list] = renderRows([partner, orders]);
    expect(within(print!).getByTestId('log-user').textContent).toBe('ApothekerApotheek De Linde');
    expect(within(print!).queryByRole('link')).toBeNull();
    expect(within(print!).getByTestId('log-action').textContent).toBe('Afgedrukt');
    expect(within(print!).getByTestId('log-object').textContent).toBe('Medicatieoverzicht: Anna de Vries');
    expect(within(list!).getByTestId('log-object').textContent).toBe('Bestellingenlijst: zorginstelling');
    await i18n.changeLanguage('en');
    expect(within(list!).getByTestId('log-object').textContent).toBe('Order list: care centre');
  });

  it('reads in English under en', async () => {
    await i18n.changeLanguage('en');
    const [list, person] = renderRows();
    expect(within(list!).getByTestId('log-action').textContent).toBe('Read');
    expect(within(list!).getByTestId('log-object').textContent).toBe(
      'Administration list: Afdeling Eikenhof2 clients',
    );
    expect(within(person!).getByTestId('log-object').textContent).toBe(
      'Person: Jan de Boerchanged: Date of birth, Name',
    );
    expect(within(list!).getByTestId('log-outcome').textContent).toBe('Succeeded');
  });
});
