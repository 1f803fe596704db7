import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
const HOUR = 3_600_000;

/**
 * An open dose of tomorrow's list planned more than five hours from now: beyond the hard limit of four
 * hours at any time of day (its planned time is in the card's key, `<agreement>@<ISO time>`).
 */
async function doseHoursAhead(page: Page) {
  const caption = page.getByTestId('list-caption');
  const today = await caption.textContent();
  await page.getByTestId('next-day').click();
  // Tomorrow's list itself (the caption names the day of the data shown), not today's while it loads.
  await poll(() => caption.textContent()).not.toBe(today);
  const cards = page.locator('[data-testid="moment-card"][data-state="open"]');
  await cards.first().waitFor();
  const keys = await cards.evaluateAll((all) => all.map((card) => card.getAttribute('data-key')!));
  const key = keys.find((k) => Date.parse(k.split('@')[1]!) > Date.now() + 5 * HOUR)!;
  expect(key).toBeTruthy();
  return { key, card: page.locator(`[data-testid="moment-card"][data-key="${key}"]`) };
}

describeBrowser('the time window of a dose on the ward', () => {
  const browser = useBrowser();

  for (const size of [
    { width: 800, height: 1100 },
    { width: 1280, height: 800 },
  ])
    it(`a dose planned hours ahead is never registered silently (${size.width} px)`, async () => {
      const { context, page } = await browser.newPage();
      await page.setViewportSize(size);
      await openSignedIn(page, '/administrationlist', 'verpleegkundige');
      await page.waitForURL('**/administrationlist*');
      const { key, card } = await doseHoursAhead(page);

      // The card says it is not due yet, with the time the window opens.
      expect(await card.getByTestId('too-early-badge').textContent()).toMatch(/^Te vroeg: vanaf \d\d:\d\d$/);

      // "Gegeven": the server refuses and the dialog shows its message; nothing is registered.
      const refusal = page.waitForResponse(
        (r) => r.url().endsWith('/api/administration/registration') && r.request().method() === 'POST',
      );
      await card.getByTestId('give-button').click();
      expect((await refusal).status()).toBe(422);
      const dialog = page.getByRole('dialog', { name: 'Nog niet te registreren' });
      await dialog.waitFor();
      expect(await dialog.getByTestId('time-window-refused').textContent()).toMatch(
        /kan pas vanaf \d\d:\d\d/,
      );
      expect(await card.getAttribute('data-state')).toBe('open');

      // Keyboard: Escape closes it and the nurse is back on the list.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      // Still open after a reload: nothing was stored.
      await page.reload();
      await poll(() =>
        page.locator(`[data-testid="moment-card"][data-key="${key}"]`).getAttribute('data-state'),
      ).toBe('open');
      await context.close();
    });
});
