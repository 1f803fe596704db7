import { expect, it } from 'vitest';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

describeBrowser('printing', () => {
  const browser = useBrowser();

  it('prints the Baxter list with its week, and the Toedienlijst without buttons or headings over the rows', async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, '/baxter', 'verpleegkundige');
    await page.waitForURL('**/baxter');
    await page.getByTestId('week-label').waitFor();
    const week = await page.getByTestId('week-label').textContent();
    expect(await page.getByTestId('week-print').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByTestId('week-label').isVisible()).toBe(false);
    expect(await page.getByTestId('week-print').textContent()).toBe(week);
    expect(await page.getByTestId('week-print').isVisible()).toBe(true);

    await page.emulateMedia({ media: 'screen' });
    await page.goto('/administrationlist');
    const heading = page.getByTestId('round-heading').first();
    await heading.waitFor();
    const visibleButtons = () =>
      page
        .getByTestId('administration-list')
        .locator('button')
        .evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).offsetParent !== null).length);
    expect(await heading.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    expect(await visibleButtons()).toBeGreaterThan(0);
    await page.emulateMedia({ media: 'print' });
    expect(await heading.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    expect(await visibleButtons()).toBe(0);
    await context.close();
  });
});
