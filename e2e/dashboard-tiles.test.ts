import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';
import { navigate } from './support/settle.ts';

/**
 * The landing page at 1280 px: every tile's figure is the number of rows or cards the page it opens
 * shows. Per role with tiles: the nurse's rounds, the pharmacy's rolls and orders, the GP's VP
 * dashboard and reviews, the trombosis service's checks and critical values (the nurse's and the GP's
 * critical values too: the same dashboard, read-only), the Beheerder's staff.
 */
type Count = (page: Page) => Promise<number>;

/** The rows `selector` finds once the page has loaded (`ready`: its table, its empty message, ...). */
const rows =
  (selector: string, ready: string): Count =>
  async (page) => {
    await page.locator(ready).first().waitFor();
    return page.locator(selector).count();
  };
const TROMBOSIS_READY = '[data-testid="ttr-overall"]';

/** The Toedienlijst is there with its rounds (or says it has none, or shows its double-check filter). */
async function listShown(page: Page) {
  await page
    .locator(
      '[data-testid="time-group"], [data-testid="administration-list-empty"], [data-testid="double-check-filter"]',
    )
    .first()
    .waitFor();
}

const COUNTS: Record<string, Count> = {
  async roundsOpen(page) {
    await listShown(page);
    const round = new URL(page.url()).searchParams.get('round');
    expect(round).toMatch(/^\d\d:\d\d$/);
    return page
      .locator(
        `[data-testid="time-group"][data-time="${round}"] [data-testid="moment-card"]:is([data-state="open"], [data-state="late"])`,
      )
      .count();
  },
  async roundsLate(page) {
    await listShown(page);
    return page.locator('[data-testid="moment-card"][data-state="late"]').count();
  },
  async roundsAwaitingCheck(page) {
    // The tile opens the list filtered on the waiting doses: its notice is there even when none wait.
    await page.getByTestId('double-check-filter').waitFor();
    // Each waiting dose shows the colleague's button, or, for the nurse's own registration (which a colleague
    // checks), the line that it waits for one.
    return page.locator('[data-testid="double-check-button"], [data-testid="double-check-waiting"]').count();
  },
  rollsWaiting: rows(
    '[data-testid="roll-row"]',
    '[data-testid="baxter-table"], [data-testid="baxter-empty"]',
  ),
  medicationInterim: rows(
    '[data-testid="medication-dashboard-row"]',
    '[data-testid="medication-dashboard-table"], [data-testid="medication-dashboard-empty"]',
  ),
  medicationUnsigned: rows(
    '[data-testid="medication-dashboard-row"]',
    '[data-testid="medication-dashboard-table"], [data-testid="medication-dashboard-empty"]',
  ),
  openOrders: rows('[data-testid="order-row"]', '[data-testid="orders-table"], [data-testid="orders-empty"]'),
  vpOpenItems: rows('[data-testid="vp-row"]', '[data-testid="vp-table"], [data-testid="vp-empty"]'),
  reviewsDue: rows(
    '[data-testid="reviews-due"] tbody tr',
    '[data-testid="reviews-due"], [data-testid="reviews-due-empty"]',
  ),
  inrChecksDue: rows('[data-testid="due-table"] [data-testid="check-row"]', TROMBOSIS_READY),
  inrChecksOverdue: rows('[data-testid="overdue-table"] [data-testid="check-row"]', TROMBOSIS_READY),
  inrCritical: rows('[data-testid="critical-alert"]', TROMBOSIS_READY),
};

/** The role's tiles of these keys (every department's), opened one by one: figure against what the page shows. */
async function compareTiles(page: Page, username: string, expectKeys: string[]) {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Some roles land elsewhere (their start page); the landing tiles are on /dashboard for everyone.
  await openSignedIn(page, '/dashboard', username);
  await page.getByTestId('dashboard-tiles').waitFor();
  const tiles = await page.getByTestId('dashboard-tile').evaluateAll((all) =>
    all.map((tile, index) => ({
      index,
      key: tile.getAttribute('data-key')!,
      href: tile.getAttribute('href'),
    })),
  );
  expect(tiles.map((t) => t.key)).toEqual(expect.arrayContaining(expectKeys));
  const compared: { key: string; tile: number; page: number }[] = [];
  for (const { index, key, href } of tiles) {
    const count = COUNTS[key];
    if (!expectKeys.includes(key)) continue;
    expect(count, `a count for ${key}`).toBeDefined();
    expect(href, `${key} links to its list`).toBeTruthy();
    // In the app, as a user goes back to the landing page; the second reading reloads it.
    const measure = async (reload: boolean) => {
      if (reload) await page.goto('/dashboard');
      else await navigate(page, '/dashboard');
      const tile = page.getByTestId('dashboard-tile').nth(index);
      const value = Number(
        (await tile.getByTestId('dashboard-tile-value').textContent())?.replace(/\D/g, ''),
      );
      const link = await tile.getAttribute('href');
      await tile.click();
      await page.waitForURL((url) => `${url.pathname}${url.search}` === link);
      return { key, tile: value, page: await count!(page) };
    };
    // Tile and page are two requests: a dose that turns late between them is read once more. A real
    // disagreement fails both times.
    const first = await measure(false);
    compared.push(first.tile === first.page ? first : await measure(true));
  }
  for (const key of expectKeys) expect(compared.map((c) => c.key)).toContain(key);
  for (const c of compared) expect(c.page, c.key).toBe(c.tile);
}

describeBrowser('dashboard tiles equal the lists they open (1280×800)', () => {
  const browser = useBrowser();
  const cases: [string, string[]][] = [
    ['verpleegkundige', ['roundsOpen', 'roundsLate', 'roundsAwaitingCheck', 'inrCritical']],
    ['apotheker', ['rollsWaiting', 'openOrders', 'medicationInterim', 'medicationUnsigned']],
    ['beheerder', ['openOrders', 'rollsWaiting']],
    ['huisarts', ['vpOpenItems', 'reviewsDue', 'inrCritical']],
    ['trombose', ['inrChecksDue', 'inrChecksOverdue', 'inrCritical']],
  ];
  for (const [username, keys] of cases)
    it(`${username}: ${keys.join(', ')}`, { timeout: 120_000 }, async () => {
      const { context, page } = await browser.newPage();
      await compareTiles(page, username, keys);
      await context.close();
    });
});
