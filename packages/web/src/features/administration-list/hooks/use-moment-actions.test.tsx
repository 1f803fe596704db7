import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { AdministrationList, PlannedMoment } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { administrationListKeys } from '../api/query-keys.ts';
import { MomentCard } from '../components/moment-card.tsx';
import { moment, registration } from '../utils/test-fixtures.ts';

const MINUTE = 60_000;
const at = new Date(Date.now() + 5 * MINUTE).toISOString();
const iso = (m: number) => new Date(Date.parse(at) + m * MINUTE).toISOString();
const dose = moment({
  ScheduledAt: at,
  Window: { Start: iso(-60), End: iso(60), Earliest: iso(-240), Latest: iso(240) },
});
const given = registration({ Id: 11, ScheduledAt: at, AdministeredAt: new Date().toISOString() });
const undone = registration({ Id: 12, ScheduledAt: at, Status: 'not_given', CorrectsId: 11 });

/** As with "Alleen open": a card shows only while its moment has no registration. */
function OpenOnly({ planned, registered }: { planned: PlannedMoment; registered: () => boolean }) {
  const list = useQuery({
    queryKey: administrationListKeys.list('open-only'),
    queryFn: async () => {
      // The refresh after a registration is slower than the card's own update of the cached list.
      await new Promise((resolve) => setTimeout(resolve, 200));
      return {
        Moments: [{ ...dose, Registrations: registered() ? [given] : [] }],
      } as unknown as AdministrationList;
    },
    initialData: { Moments: [planned] } as unknown as AdministrationList,
    staleTime: Infinity,
  });
  return list.data.Moments.filter((m: PlannedMoment) => m.Registrations.length === 0).map((m) => (
    <MomentCard key={m.Key} moment={m} now={Date.now()} />
  ));
}

describe('a registration whose card leaves the list', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('still confirms the dose with its undo, and the undo is confirmed too', async () => {
    const posts: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (new URL(input, 'http://localhost').pathname === '/api/administration/registration') {
          const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
          posts.push(body);
          return jsonResponse(201, body.CorrectsId ? undone : given);
        }
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden' });
      }),
    );
    renderRoutes(
      [{ path: '/', element: <OpenOnly planned={dose} registered={() => posts.length > 0} /> }],
      '/',
    );
    fireEvent.click(await screen.findByTestId('give-button'));
    expect(await screen.findByText(/^Gegeven: Anna de Vries/)).toBeTruthy();
    expect(screen.queryByTestId('give-button')).toBeNull();

    fireEvent.click(screen.getByTestId('undo-registration'));
    expect(await screen.findByText('Registratie ongedaan gemaakt.')).toBeTruthy();
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[1]).toMatchObject({ CorrectsId: 11 });
  });

  it("confirms a risk dose given with the colleague's check at the bedside", async () => {
    const risky = { ...dose, DoubleCheckRequired: true };
    const checked = registration({
      ...given,
      DoubleCheckRequired: true,
      DoubleCheckBy: { Id: 8, Username: 'collega', ScreenName: 'Cor Collega' },
      DoubleCheckAt: new Date().toISOString(),
    });
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (new URL(input, 'http://localhost').pathname === '/api/administration/registration') {
          posts.push(JSON.parse(String(init?.body)));
          return jsonResponse(201, checked);
        }
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden' });
      }),
    );
    renderRoutes(
      [{ path: '/', element: <OpenOnly planned={risky} registered={() => posts.length > 0} /> }],
      '/',
    );
    fireEvent.click(await screen.findByTestId('give-button'));
    fireEvent.change(await screen.findByTestId('at-dose-username'), { target: { value: 'collega' } });
    fireEvent.change(screen.getByTestId('at-dose-password'), { target: { value: 'geheim' } });
    fireEvent.click(screen.getByTestId('at-dose-submit'));
    expect(await screen.findByText(/^Gegeven en gecontroleerd door Cor Collega/)).toBeTruthy();
    expect(screen.queryByTestId('moment-card')).toBeNull();
  });
});
