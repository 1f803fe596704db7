import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/**
 * "Zo nodig" cards that take a tap on "Gegeven" without a question: no time window (no planned
 * time) and no risk medication (no second professional), below their daily maximum.
 */
async function plainAsNeededCards(page: Page): Promise<Locator[]> {
  await page.getByTestId('as-needed-section').waitFor();
  const cards = page.getByTestId('as-needed-card');
  const plain: Locator[] = [];
  for (let i = 0; i < (await cards.count()); i += 1) {
    const card = cards.nth(i);
    if ((await card.getByTestId('double-check-badge').count()) > 0) continue;
    if (await card.getByTestId('give-button').isDisabled()) continue;
    plain.push(
      page.locator(`[data-testid="as-needed-card"][data-key="${await card.getAttribute('data-key')}"]`),
    );
  }
  return plain;
}

/** Scrolls the page so the element's centre is at `y` (as far as the page can scroll); returns its centre. */
async function centreAt(element: Locator, y: number): Promise<{ x: number; y: number }> {
  return element.evaluate((node, targetY) => {
    const before = node.getBoundingClientRect();
    window.scrollBy(0, before.top + before.height / 2 - targetY);
    const rect = node.getBoundingClientRect();
    return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  }, y);
}

/** Whether a tap at the element's centre lands on the element (and not on a toast above it). */
const underFinger = (element: Locator, point: { x: number; y: number }) =>
  element.evaluate((node, { x, y }) => {
    const hit = document.elementFromPoint(x, y);
    return hit !== null && node.contains(hit);
  }, point);

describeBrowser('toasts on the ward tablet', () => {
  const browser = useBrowser();

  it('800 px: after two quick registrations the next card’s "Gegeven" is still under the finger', async () => {
    const { context, page } = await browser.newPage();
    const height = 1100;
    await page.setViewportSize({ width: 800, height });
    await openSignedIn(page, '/administrationlist', 'verpleegkundige');
    await page.waitForURL('**/administrationlist*');
    const [first, second, next] = await plainAsNeededCards(page);
    expect(next).toBeDefined();

    const counts = await Promise.all(
      [first!, second!].map((card) => card.getByTestId('as-needed-count').textContent()),
    );
    await first!.getByTestId('give-button').click();
    await second!.getByTestId('give-button').click();
    await poll(() => first!.getByTestId('as-needed-count').textContent()).not.toBe(counts[0]);
    await poll(() => second!.getByTestId('as-needed-count').textContent()).not.toBe(counts[1]);
    // Both confirmations arrived; the newest, with its undo, is on screen.
    const undo = page.getByTestId('undo-registration');
    await poll(() => undo.first().isVisible()).toBe(true);

    // Wherever the nurse has scrolled the next card to — just below the header, in the middle or at
    // the bottom of what she sees — a tap on its "Gegeven" reaches it, while the toasts are up.
    const stripped = (await page.getByTestId('toast-strip').count()) > 0;
    const strip = stripped ? await page.getByTestId('toast-strip').boundingBox() : null;
    const bottom = strip ? strip.y : height;
    const give = next!.getByTestId('give-button');
    for (const y of [56 + 40, 56 + 140, height / 2, bottom - 40]) {
      const point = await centreAt(give, y);
      expect({ y, hit: await underFinger(give, point) }).toEqual({ y, hit: true });
    }
    // And no toast lies over any part of the page between the header and the bottom strip.
    const overPage = await page
      .getByTestId('toast')
      .evaluateAll(
        (toasts, { top, end }) =>
          toasts
            .map((toast) => toast.getBoundingClientRect())
            .filter((rect) => rect.height > 0 && rect.bottom > top && rect.top < end).length,
        { top: 56, end: bottom },
      );
    expect(overPage).toBe(0);
    expect(await undo.first().isVisible()).toBe(true);

    // The undo in the toast still works: the newest confirmation's registration is taken back.
    const both = () =>
      Promise.all([first!, second!].map((card) => card.getByTestId('as-needed-count').textContent()));
    const given = await both();
    await undo.first().click();
    await poll(async () => (await both()).filter((text, i) => text !== given[i]).length).toBe(1);
    await context.close();
  });

  it('1280 px: toasts stay top right, below the header, newest on top', async () => {
    const { context, page } = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await openSignedIn(page, '/administrationlist', 'verpleegkundige');
    await page.waitForURL('**/administrationlist*');
    const [card] = await plainAsNeededCards(page);
    const count = await card!.getByTestId('as-needed-count').textContent();
    await card!.getByTestId('give-button').click();
    await poll(() => card!.getByTestId('as-needed-count').textContent()).not.toBe(count);
    const toast = page.getByTestId('toast').first();
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(1280 - 40);
    expect(box.y).toBeGreaterThanOrEqual(56);
    expect(box.y).toBeLessThan(120);
    expect(await page.getByTestId('toast-strip').isVisible()).toBe(false);
    // Undo it, so the shared demo day keeps its counts for other tests.
    await page.getByTestId('undo-registration').click();
    await poll(() => card!.getByTestId('as-needed-count').textContent()).toBe(count);
    await context.close();
  });
});
