import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlannedMoment } from '@zorgportaal/contract';
import { jsonResponse, renderRoutes } from '../../../test/render.tsx';
import { moment, registration } from '../utils/test-fixtures.ts';
import { MomentCard } from './moment-card.tsx';

const MINUTE = 60_000;
/** A timed dose planned `minutesAhead` from now with the default window (60 either side, hard limit 240). */
function plannedIn(minutesAhead: number): PlannedMoment {
  const at = Date.now() + minutesAhead * MINUTE;
  const iso = (m: number) => new Date(at + m * MINUTE).toISOString();
  return moment({
    ScheduledAt: iso(0),
    Window: { Start: iso(-60), End: iso(60), Earliest: iso(-240), Latest: iso(240) },
  });
}

describe('the Gegeven tap and the time window', () => {
  let posts: Record<string, unknown>[];
  let answer: () => Response;
  beforeEach(() => {
    posts = [];
    answer = () => jsonResponse(201, registration({ TimingReason: 'given_early' }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        if (new URL(input, 'http://localhost').pathname === '/api/administration/registration') {
          posts.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
          return answer();
        }
        return jsonResponse(404, { Code: 'NOT_FOUND', Message: 'Niet gevonden' });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const render = (dose: PlannedMoment) =>
    renderRoutes([{ path: '/', element: <MomentCard moment={dose} now={Date.now()} /> }], '/');

  it('inside the window one tap registers, without a reason', async () => {
    render(plannedIn(10));
    expect(screen.queryByTestId('too-early-badge')).toBeNull();
    fireEvent.click(screen.getByTestId('give-button'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).not.toHaveProperty('TimingReason');
    expect(screen.queryByTestId('time-window-dialog')).toBeNull();
  });

  it('just before the window: "Te vroeg", then a confirmation with the reason; nothing is sent before it', async () => {
    render(plannedIn(90));
    expect(screen.getByTestId('too-early-badge').textContent).toMatch(/^Te vroeg: vanaf \d\d:\d\d$/);
    fireEvent.click(screen.getByTestId('give-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Eerder gegeven?' });
    expect(posts).toEqual([]);
    fireEvent.change(within(dialog).getByTestId('time-window-note'), {
      target: { value: 'Gaat naar de tandarts' },
    });
    fireEvent.click(within(dialog).getByTestId('time-window-confirm'));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({
      Status: 'given',
      TimingReason: 'given_early',
      Note: 'Gaat naar de tandarts',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancelling the confirmation registers nothing', async () => {
    render(plannedIn(90));
    fireEvent.click(screen.getByTestId('give-button'));
    fireEvent.click(await screen.findByTestId('time-window-cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posts).toEqual([]);
  });

  it("far outside the window the server's refusal is shown in the dialog", async () => {
    const message = 'Deze dosis is gepland om 08:00 en kan pas vanaf 04:00 worden gegeven.';
    answer = () =>
      jsonResponse(422, { Code: 'VALIDATION_FAILED', Message: message, Fields: { ScheduledAt: message } });
    render(plannedIn(6 * 60));
    fireEvent.click(screen.getByTestId('give-button'));
    expect((await screen.findByTestId('time-window-refused')).textContent).toBe(message);
    expect(screen.getByTestId('moment-card').dataset.state).toBe('open');
  });
});
