import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';
import { planDoseNow } from './support/dose-now.ts';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The first department's round tiles on the landing page (the nurse's own ward comes first). */
async function roundTiles(page: Page) {
  const first = page.locator('[data-testid="dashboard-tile"][data-key="roundsOpen"]').first();
  await first.waitFor();
  const group = (await first.getAttribute('data-group'))!;
  const value = async (key: string) =>
    Number(
      (
        await page
          .locator(`[data-testid="dashboard-tile"][data-key="${key}"][data-group="${group}"]`)
          .getByTestId('dashboard-tile-value')
          .textContent()
      )?.replace(/\D/g, ''),
    );
  return {
    group,
    tile: first,
    open: await value('roundsOpen'),
    late: await value('roundsLate'),
    awaitingCheck: await value('roundsAwaitingCheck'),
  };
}

const summaryCount = async (page: Page, id: string) =>
  Number(await page.getByTestId(`summary-${id}`).getAttribute('data-count'));

describeBrowser('a ward round on the tablet (800×1100)', () => {
  const browser = useBrowser();

  it('nurse: landing → the list at now → the first open dose given in two taps; the numbers agree', async () => {
    // A dose due now on her ward: "Gegeven" in one tap only inside the dose's time window, and the demo's
    // rounds run from 07:00 to 22:00, so the round due now is one of the demo's or this one.
    await planDoseNow(null);
    const { context, page } = await browser.newPage();
    await page.setViewportSize({ width: 800, height: 1100 });
    await openSignedIn(page, '/', 'verpleegkundige');
    await page.waitForURL('**/dashboard');

    // The landing page shows her work, not staff counts.
    const before = await roundTiles(page);
    expect(await page.locator('[data-testid="dashboard-tile"][data-key="persons"]').count()).toBe(0);
    // The tile's accessible name is its visible text, not a replacement.
    expect(await before.tile.getAttribute('aria-label')).toBeNull();

    // Tap 1: the current round's open doses → the toedienlijst, opened at that round.
    await before.tile.click();
    await page.waitForURL('**/administrationlist?department=*&round=*');
    const round = new URL(page.url()).searchParams.get('round')!;
    const roundOpen = async () =>
      Number(
        await page.locator(`[data-testid="time-group"][data-time="${round}"]`).getAttribute('data-open'),
      );
    const target = page.locator('[data-scroll-target="true"]');
    await target.waitFor();
    // The card is pinned by its key: once given, the scroll target moves on to the next open dose.
    const key = (await target.getByTestId('moment-card').getAttribute('data-key'))!;
    const card = page.locator(`[data-testid="moment-card"][data-key="${key}"]`);
    expect(['open', 'late']).toContain(await card.getAttribute('data-state'));
    // Reachable without scrolling: the dose is on the first screen the nurse sees.
    await poll(async () => {
      const box = await card.boundingBox();
      return box !== null && box.y >= 0 && box.y + 80 <= 1100;
    }).toBe(true);
    expect(await page.getByTestId('round-heading').first().isVisible()).toBe(true);
    // Opened past the department and day pickers, the round's sticky heading says which list this is.
    const listContext = page.locator(
      `[data-testid="time-group"][data-time="${round}"] [data-testid="round-context"]`,
    );
    expect(await listContext.isVisible()).toBe(true);
    expect(await listContext.textContent()).toMatch(/^.+ · \d\d-\d\d-\d{4}$/);

    // The list's figures are the dashboard's: the round's open doses, the day's late ones.
    expect(await roundOpen()).toBe(before.open);
    expect(await summaryCount(page, 'late')).toBe(before.late);
    expect(await summaryCount(page, 'awaitingCheck')).toBe(before.awaitingCheck);

    // Tap 2: "Gegeven" on that dose.
    const dayOpen = await summaryCount(page, 'open');
    const risk = (await card.getAttribute('data-double-check')) === 'true';
    await card.getByTestId('give-button').click();
    // A risk dose asks for a colleague at the bedside; without one it is checked afterwards.
    if (risk) await page.getByTestId('at-dose-later').click();
    await poll(() => card.getAttribute('data-state')).toMatch(/^(given|awaiting_check)$/);
    // The server's figures follow at once (the list is refetched after a registration).
    await poll(() => summaryCount(page, 'open')).toBe(dayOpen - 1);
    const listOpen = await roundOpen();
    const listLate = await summaryCount(page, 'late');

    // Back on the landing page: the same numbers for the same ward and day.
    await page.goto('/dashboard');
    const after = await roundTiles(page);
    expect(after.group).toBe(before.group);
    expect(after.open).toBe(listOpen);
    expect(after.late).toBe(listLate);
    await context.close();
  });

  it('remembers "alleen open" on this device and shows only open doses', async () => {
    const { context, page } = await browser.newPage();
    await page.setViewportSize({ width: 800, height: 1100 });
    await openSignedIn(page, '/administrationlist', 'verpleegkundige');
    await page.waitForURL('**/administrationlist*');
    await page.getByTestId('time-group').first().waitFor();
    await page.getByRole('switch', { name: 'Alleen open' }).check();
    await poll(() =>
      page.locator('[data-testid="moment-card"]:not([data-state="open"]):not([data-state="late"])').count(),
    ).toBe(0);
    // The browser keeps the list (private, no-cache) and revalidates it with the ETag it was given.
    const sent: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/administration/list'))
        void request.allHeaders().then((headers) => sent.push(headers['if-none-match']));
    });
    await page.reload();
    await page.getByTestId('time-group').first().waitFor();
    expect(await page.getByRole('switch', { name: 'Alleen open' }).isChecked()).toBe(true);
    await poll(async () => sent.length).toBeGreaterThan(0);
    expect(sent[0]).toMatch(/^"[\w-]+"$/);
    await context.close();
  });
});
