import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';
import { cardOf, planDoseNow } from './support/dose-now.ts';

/** The shared server is busy (one build, several suites): allow a few seconds for a change to show. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const RESULTS = '/zp/medication/administrationsoverview';
const DASHBOARD = '/zp/administrationregistration/dashboard';

/** An open moment; `risk` picks a product that needs a double check (or one that does not). */
const openCard = (page: Page, risk = false) =>
  page.locator(`[data-testid="moment-card"][data-state="open"][data-double-check="${risk}"]`).first();
const cardByKey = (page: Page, key: string) => page.locator(`[data-testid="moment-card"][data-key="${key}"]`);

/** Counts per status on the results overview (default period: the last 7 days, so today too). */
async function resultCounts(page: Page) {
  await page.goto(RESULTS);
  await page.getByTestId('results-data').waitFor();
  const count = async (status: string) =>
    Number(
      await page.locator(`[data-testid="status-row"][data-status="${status}"]`).getAttribute('data-count'),
    );
  return { given: await count('given'), refused: await count('refused') };
}

/** Today's totals on the dashboard. */
async function dashboardTotals(page: Page) {
  await page.goto(DASHBOARD);
  await page.getByTestId('dashboard-totals').waitFor();
  const value = async (id: string) => Number(await page.getByTestId(`${id}-value`).textContent());
  return { given: await value('total-given'), deviations: await value('total-deviations') };
}

describeBrowser('administration registration', () => {
  const browser = useBrowser();

  it("registers a dose and a refusal on today's list; the results and the dashboard show them", async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, RESULTS, 'verpleegkundige');
    await page.waitForURL(`**${RESULTS}`);
    const resultsBefore = await resultCounts(page);
    const dashboardBefore = await dashboardTotals(page);

    await page.goto('/administrationlist');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Toedienlijsten');

    // A dose given in one tap: one planned now, inside its time window at any hour.
    const planned = await planDoseNow(null);
    await page.reload();
    const first = page.locator(cardOf(planned));
    await first.waitFor();
    const givenKey = (await first.getAttribute('data-key'))!;
    await first.getByTestId('give-button').click();
    const given = cardByKey(page, givenKey);
    await poll(() => given.getAttribute('data-state')).toBe('given');
    expect(await given.getByTestId('registration-status-badge').textContent()).toBe('Gegeven');

    // A refusal, with the client's refusal as reason (preselected for status 'Geweigerd').
    const second = openCard(page);
    const refusedKey = (await second.getAttribute('data-key'))!;
    expect(refusedKey).not.toBe(givenKey);
    await second.getByTestId('deviation-button').click();
    const dialog = page.getByRole('dialog', { name: 'Afwijking registreren' });
    await dialog.getByRole('radio', { name: 'Geweigerd', exact: true }).click();
    expect(
      await dialog.getByRole('radio', { name: 'Geweigerd door cliënt' }).getAttribute('aria-checked'),
    ).toBe('true');
    await dialog.getByTestId('registration-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    const refused = cardByKey(page, refusedKey);
    await poll(() => refused.getAttribute('data-state')).toBe('deviation');
    expect(await refused.getByTestId('registration-info').textContent()).toContain('Geweigerd door cliënt');

    // Both are stored: still there after a reload.
    await page.reload();
    await poll(() => cardByKey(page, givenKey).getAttribute('data-state')).toBe('given');
    await poll(() => cardByKey(page, refusedKey).getAttribute('data-state')).toBe('deviation');

    // The results overview and the dashboard count them.
    expect(await resultCounts(page)).toEqual({
      given: resultsBefore.given + 1,
      refused: resultsBefore.refused + 1,
    });
    expect(await dashboardTotals(page)).toEqual({
      given: dashboardBefore.given + 1,
      deviations: dashboardBefore.deviations + 1,
    });
    await context.close();
  });

  it('needs a second, different user to double-check a risk product', async () => {
    // A risk product due now (inside its time window at any hour).
    const planned = await planDoseNow(null, { product: 'INSULINE GLARGINE' });
    const nurse = await browser.newPage();
    await openSignedIn(nurse.page, '/administrationlist', 'verpleegkundige');
    await nurse.page.waitForURL('**/administrationlist');
    const risky = nurse.page.locator(cardOf(planned));
    await risky.waitFor();
    const key = (await risky.getAttribute('data-key'))!;
    const departmentId = await nurse.page
      .getByTestId('administration-list')
      .getAttribute('data-department-id');
    await risky.getByTestId('give-button').click();
    // No colleague at hand at the bedside: the dose is registered now and checked afterwards.
    await nurse.page.getByTestId('at-dose-later').click();
    const card = cardByKey(nurse.page, key);
    await poll(() => card.getAttribute('data-state')).toBe('awaiting_check');
    // The nurse who registered it cannot check it herself.
    await card.getByTestId('double-check-waiting').waitFor();
    expect(await card.getByTestId('double-check-button').count()).toBe(0);
    await nurse.context.close();

    const colleague = await browser.newPage();
    await openSignedIn(colleague.page, `/administrationlist?department=${departmentId}`, 'beheerder');
    await colleague.page.waitForURL('**/administrationlist**');
    const same = cardByKey(colleague.page, key);
    await same.getByTestId('double-check-button').click();
    // The check afterwards shows the client's face too (photo or initials).
    await colleague.page.getByRole('dialog').getByTestId('client-photo').waitFor();
    await colleague.page.getByTestId('confirm-dialog-confirm').click();
    await poll(() => same.getAttribute('data-state')).toBe('given');
    expect(await same.getByTestId('double-checked-by').textContent()).toMatch(/^Gecontroleerd door/);
    await colleague.context.close();
  });
});
