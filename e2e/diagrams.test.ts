import { expect, it } from 'vitest';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

/**
 * Diagrammen on the server: the GP saves a diagram and finds it again below the form after a reload,
 * with owner and date, while the browser keeps no copy. The title is unique per run.
 */
const title = `Afwijkingen e2e ${Date.now().toString(36)}`;

describeBrowser('diagrams', () => {
  const browser = useBrowser();

  it("shows a GP's saved diagram back to the GP, from the server", async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, '/zp/medication/diagram/add', 'huisarts');
    await page.getByTestId('saved-diagrams').waitFor();
    await page.getByTestId('diagram-title').fill(title);
    await page.getByTestId('diagram-save').click();
    const card = page.getByTestId('saved-diagram').filter({ hasText: title });
    await card.waitFor();

    await page.reload();
    await card.waitFor();
    expect(await card.getByTestId('saved-diagram-meta').textContent()).toMatch(
      /^Opgeslagen door Willem van den Berg op \d{2}-\d{2}-\d{4}$/,
    );
    // Its chart is drawn from the GP's own results, and nothing of it stays in the browser.
    await card.locator('[data-testid="bar-chart"], [data-testid="diagram-empty"]').first().waitFor();
    expect(
      await page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.includes('diagram'))),
    ).toEqual([]);
    await context.close();
  });
});
