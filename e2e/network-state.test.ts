import { expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

/**
 * Slow or lost Wi-Fi must not look like a dead tap: a progress bar while a screen or its data
 * loads, "Bezig… de verbinding is traag" when an answer takes long, and "Geen verbinding" in the
 * header while offline — none of them over the page.
 */
describeBrowser('network state on the ward tablet', () => {
  const browser = useBrowser();

  it('shows "Geen verbinding" in the header while offline, and not once back online', async () => {
    const { context, page } = await browser.newPage();
    // The page's clock is moved past the 3 s after which a request counts as slow, instead of waiting.
    await page.clock.install();
    await page.setViewportSize({ width: 800, height: 1100 });
    await openSignedIn(page, '/administrationlist', 'verpleegkundige');
    await page.getByTestId('moment-card').first().waitFor();
    const indicator = page.getByTestId('offline-indicator');
    expect(await indicator.count()).toBe(0);

    await context.setOffline(true);
    await indicator.waitFor();
    expect(await indicator.textContent()).toBe('Geen verbinding');
    // In the header, not over the list.
    const box = (await indicator.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(56);

    await context.setOffline(false);
    await indicator.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows a progress bar and, after a few seconds, the slow message while the list is on its way', async () => {
    const { context, page } = await browser.newPage();
    // The page's clock is moved past the 3 s after which a request counts as slow, instead of waiting.
    await page.clock.install();
    await page.setViewportSize({ width: 800, height: 1100 });
    await openSignedIn(page, '/administrationlist', 'verpleegkundige');
    await page.getByTestId('moment-card').first().waitFor();
    const progress = page.getByTestId('network-progress');
    await progress.waitFor({ state: 'detached' });

    // The next day's list is held back until the test lets it through.
    const held: Route[] = [];
    let release = false;
    await page.route(
      (url) => url.pathname === '/api/administration/list',
      (route) => (release ? route.continue() : void held.push(route)),
    );
    await page.getByRole('button', { name: /volgende dag/i }).click();
    await progress.waitFor();
    const bar = (await progress.boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(56);
    const slow = page.getByTestId('slow-indicator');
    expect(await slow.count()).toBe(0);
    await page.clock.fastForward('00:03');
    await slow.waitFor();
    expect(await slow.textContent()).toBe('Bezig… de verbinding is traag');

    release = true;
    await Promise.all(held.map((route) => route.continue()));
    await slow.waitFor({ state: 'detached' });
    await progress.waitFor({ state: 'detached' });
    await context.close();
  });
});
