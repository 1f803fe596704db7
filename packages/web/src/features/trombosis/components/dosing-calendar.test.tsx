import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { DosageScheme } from '@zorgportaal/contract';
import { TestProviders } from '../../../test/render.tsx';
import { DosingCalendar } from './dosing-calendar.tsx';

const scheme: DosageScheme = {
  Id: 1,
  PatientId: 5,
  Drug: 'acenocoumarol',
  ValidFrom: '2026-11-23',
  ValidUntil: null,
  TabletsPerDay: [1, 1, 1, 1, 1, 1, 1],
  WeekTotalMg: 7,
  NextCheck: '2026-12-07',
  Note: null,
  TargetRange: null,
  CreatedBy: 'trombose',
  ServiceName: 'Trombosedienst Midden',
  ServicePhone: null,
  ServiceEmail: null,
  CreatedAt: '2026-11-22T09:00:00.000Z',
};

const renderCalendar = (patient: { ScreenName: string; DateOfBirth: string | null }, of = scheme) =>
  render(
    <TestProviders>
      <DosingCalendar scheme={of} patient={patient} />
    </TestProviders>,
  );

describe('doseerkalender', () => {
  it("names the client's date of birth as DD-MM-YYYY and the service to contact", () => {
    renderCalendar({ ScreenName: 'Bert Bakker', DateOfBirth: '1940-05-01' });
    expect(screen.getByTestId('dosing-calendar-born').textContent).toBe('Geboren op 01-05-1940');
    expect(screen.getByTestId('dosing-calendar-contact').textContent).toBe(
      'Vragen over uw doseerschema? Neem contact op met Trombosedienst Midden.',
    );
  });

  it("adds the service's phone and e-mail when it has set them", () => {
    renderCalendar(
      { ScreenName: 'Bert Bakker', DateOfBirth: '1940-05-01' },
      { ...scheme, ServicePhone: '030-2345678', ServiceEmail: 'dosering@example.nl' },
    );
    expect(screen.getByTestId('dosing-calendar-contact').textContent).toBe(
      'Vragen over uw doseerschema? Neem contact op met Trombosedienst Midden. Telefoon 030-2345678 · e-mail dosering@example.nl',
    );
  });

  it('leaves out what is not known instead of printing an empty line', () => {
    renderCalendar({ ScreenName: 'Bert Bakker', DateOfBirth: null }, { ...scheme, ServiceName: null });
    expect(screen.queryByTestId('dosing-calendar-born')).toBeNull();
    expect(screen.queryByTestId('dosing-calendar-contact')).toBeNull();
  });
});
