import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SESSION_KEYS, type EntityType, type Thread } from '@zorgportaal/contract';
import { TestProviders } from '../../../test/render.tsx';
import { InrValueLine } from './inr-value-line.tsx';

const thread: Thread = {
  Id: 3,
  Subject: 'Kritieke INR-waarde 7,2',
  Priority: 'high',
  PatientId: 5,
  PatientName: 'Bert Bakker',
  OrderId: null,
  InrValue: { Id: 9, Value: 7.2, MeasuredAt: '2026-11-22T08:10:00.000Z' },
  FromEntityName: 'Trombosedienst Midden',
  FromName: 'trombose',
  ToEntityName: 'Zorgcentrum De Berk',
  ToGroupName: 'Dagdienst',
  LastMessageAt: '2026-11-22T08:11:00.000Z',
  MessageCount: 0,
  Unread: false,
  Messages: [],
};

function renderAs(permissions: string[], entityType: EntityType) {
  sessionStorage.setItem(
    SESSION_KEYS.account,
    JSON.stringify({ Id: 1, Username: 'x', Permissions: permissions.map((name, Id) => ({ Id, name })) }),
  );
  sessionStorage.setItem(SESSION_KEYS.entityType, entityType);
  const router = createMemoryRouter([
    { path: '/', element: <InrValueLine value={thread.InrValue!} patientId={thread.PatientId!} /> },
  ]);
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

describe('<InrValueLine> (a thread about an INR value)', () => {
  afterEach(() => sessionStorage.clear());

  it("links the value to the client's INR values for whoever may open that screen", () => {
    renderAs(['vp.read', 'medication.read'], 'customer');
    const line = screen.getByTestId('thread-inr');
    expect(line.tagName).toBe('A');
    expect(line.getAttribute('href')).toBe('/inrvalues?patient=5');
    expect(line.textContent).toMatch(/^INR-waarde 7,2, gemeten 2026-11-22 \d{2}:10$/);
  });

  it('shows the value without a link that would only send a ward nurse home', () => {
    renderAs(['medication.read', 'communication.use'], 'carecenter');
    const line = screen.getByTestId('thread-inr');
    expect(line.tagName).not.toBe('A');
    expect(line.textContent).toMatch(/^INR-waarde 7,2/);
  });
});
