import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

/** A change the user made shows right away; a change made elsewhere comes with the list's next poll. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The order list polls every 15 s (spec): the page's clock is moved past one poll instead of waiting. */
const LIST_POLL = '00:16';

const rowWith = (page: Page, text: string) =>
  page.locator('[data-testid="order-row"]', { hasText: text }).first();

async function openOrders(page: Page, username: string) {
  await openSignedIn(page, '/orders', username);
  await page.waitForURL('**/orders');
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Bestellingen');
}

describeBrowser('orders between care centre and pharmacy', () => {
  const browser = useBrowser();

  it('the care centre orders, the pharmacy declines with a reason, the care centre sees red and the reason', async () => {
    const marker = `Verbandgaas e2e ${Date.now()}`;
    const reason = 'Niet leverbaar deze week; alternatief volgt.';

    const nurse = await browser.newPage();
    await nurse.page.clock.install();
    await openOrders(nurse.page, 'verpleegkundige');
    await nurse.page.getByTestId('order-new').click();
    const dialog = nurse.page.getByTestId('new-order-dialog');
    await dialog.getByTestId('order-line-free-text').fill(marker);
    await dialog.getByTestId('order-line-quantity').fill('3');
    await dialog.getByTestId('order-submit').click();
    await dialog.getByTestId('order-submit').waitFor({ state: 'hidden' });
    const nurseRow = rowWith(nurse.page, marker);
    await poll(() => nurseRow.getByTestId('order-status').getAttribute('data-status')).toBe('in_progress');
    expect(await nurseRow.getByTestId('order-status').textContent()).toContain('In behandeling');

    const pharmacist = await browser.newPage();
    await openOrders(pharmacist.page, 'apotheker');
    const pharmacyRow = rowWith(pharmacist.page, marker);
    await pharmacyRow.getByTestId('order-decline').click();
    const decline = pharmacist.page.getByTestId('decline-dialog');
    // Without a reason nothing is sent: the field says why.
    await decline.getByTestId('decline-confirm').click();
    await decline.getByText('Vul een reden in.').waitFor();
    await decline.getByTestId('decline-reason').fill(reason);
    await decline.getByTestId('decline-confirm').click();
    await decline.getByTestId('decline-reason').waitFor({ state: 'hidden' });
    await poll(() => pharmacyRow.getByTestId('order-status').getAttribute('data-status')).toBe('declined');

    // The care centre's open screen picks the decision up without a reload, at the list's next poll.
    await nurse.page.clock.fastForward(LIST_POLL);
    await poll(() => nurseRow.getByTestId('order-status').getAttribute('data-status')).toBe('declined');
    expect(await nurseRow.getByTestId('order-status').textContent()).toContain('Afgewezen');
    const swatch = await nurseRow
      .getByTestId('order-status-swatch')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(swatch).toBe('rgb(255, 91, 91)'); // #ff5b5b, spec §3
    expect(await nurseRow.getByTestId('order-decision-reason').textContent()).toContain(reason);

    await nurse.context.close();
    await pharmacist.context.close();
  }, 150_000);

  it('the care centre cancels an open order after confirming', async () => {
    const marker = `Handschoenen e2e ${Date.now()}`;
    const { context, page } = await browser.newPage();
    await openOrders(page, 'verpleegkundige');
    await page.getByTestId('order-new').click();
    const dialog = page.getByTestId('new-order-dialog');
    await dialog.getByTestId('order-line-free-text').fill(marker);
    await dialog.getByTestId('order-submit').click();
    await dialog.getByTestId('order-submit').waitFor({ state: 'hidden' });
    const row = rowWith(page, marker);
    await row.getByTestId('order-cancel').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await poll(() => row.getByTestId('order-status').getAttribute('data-status')).toBe('canceled');
    await context.close();
  });
});

describeBrowser('Baxter rolls', () => {
  const browser = useBrowser();

  it('the pharmacy lays a roll out, the care centre hands it over', async () => {
    const pharmacist = await browser.newPage();
    await openSignedIn(pharmacist.page, '/baxter', 'apotheker');
    await pharmacist.page.waitForURL('**/baxter');
    const waiting = pharmacist.page
      .locator('[data-testid="roll-row"]:has([data-status="waiting_for_file"])')
      .first();
    const rollId = (await waiting.getAttribute('data-roll-id'))!;
    await waiting.getByTestId('roll-layout').click();
    // No undo: the pharmacy confirms first.
    await pharmacist.page
      .getByTestId('roll-confirm-text')
      .getByText(/niet ongedaan/)
      .waitFor();
    await pharmacist.page.getByTestId('confirm-dialog-confirm').click();
    const pharmacyRow = pharmacist.page.locator(`[data-testid="roll-row"][data-roll-id="${rollId}"]`);
    await poll(() => pharmacyRow.getByTestId('roll-status').getAttribute('data-status')).toBe('laid_out');
    expect(await pharmacyRow.getByTestId('roll-laid-out').textContent()).toContain('apotheker');

    const nurse = await browser.newPage();
    await openSignedIn(nurse.page, '/baxter', 'verpleegkundige');
    await nurse.page.waitForURL('**/baxter');
    const row = nurse.page.locator(`[data-testid="roll-row"][data-roll-id="${rollId}"]`);
    expect(await row.getByTestId('roll-status').textContent()).toContain('Uitgezet');
    await row.getByTestId('roll-handover').click();
    await nurse.page.getByTestId('confirm-dialog-confirm').click();
    await poll(() => row.getByTestId('roll-status').getAttribute('data-status')).toBe('handed_over');
    expect(await row.getByTestId('roll-status').textContent()).toContain('Overgedragen');
    expect(await row.getByTestId('roll-handed-over').textContent()).toContain('verpleegkundige');
    await pharmacist.context.close();
    await nurse.context.close();
  }, 120_000);
});
