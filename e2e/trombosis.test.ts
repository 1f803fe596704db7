import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical WCAG 2.x A/AA violations on the current page (as ward-layout.test.ts checks). */
async function axeProblems(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    })) as { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The shared server is busy (one build, several suites): allow a few seconds for a change to show. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const DASHBOARD = '/zp/trombosisservice/dashboard';

const tileValue = async (page: Page, key: string) =>
  Number(
    (
      await page
        .locator(`[data-testid="dashboard-tile"][data-key="${key}"]`)
        .getByTestId('dashboard-tile-value')
        .textContent()
    )?.replace(/\D/g, ''),
  );

describeBrowser('trombosis service', () => {
  const browser = useBrowser();

  it('trombose: sees due checks and critical values, enters an INR, gets the alert, edits the scheme, prints the calendar', async () => {
    const { context, page } = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    // window.print() would open a dialog; count the calls instead.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await openSignedIn(page, '/', 'trombose');
    await page.waitForURL('**/dashboard');

    // The landing tiles show the service's own work.
    await page.locator('[data-testid="dashboard-tile"][data-key="inrChecksOverdue"]').waitFor();
    expect(await tileValue(page, 'inrChecksOverdue')).toBe(1);
    expect(await tileValue(page, 'inrChecksDue')).toBe(1);
    const criticalBefore = await tileValue(page, 'inrCritical');
    expect(criticalBefore).toBeGreaterThanOrEqual(1);

    await page.goto(DASHBOARD);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard');
    await page.getByTestId('critical-alert').first().waitFor();
    expect(await page.getByTestId('critical-alert').count()).toBe(criticalBefore);
    expect(await page.getByTestId('ttr-overall').textContent()).toMatch(/\d+,\d%/);
    const overdue = page.getByTestId('overdue-table').getByTestId('check-row');
    expect(await overdue.count()).toBe(1);

    // The overdue patient: enter an INR. A bad value is refused under its input, nothing is sent.
    await overdue.getByRole('link', { name: /INR invoeren/ }).click();
    await page.waitForURL('**/inrvalues?patient=*');
    await page.getByTestId('inr-chart').waitFor();
    const rows = page.getByTestId('inr-row');
    const valuesBefore = await rows.count();
    await page.getByTestId('inr-input').fill('2,45');
    await page.getByTestId('inr-save').click();
    await page.getByText('De INR heeft hoogstens één decimaal.').waitFor();
    await page.getByTestId('inr-input').fill('6,8');
    await page.getByTestId('inr-save').click();
    await poll(() => rows.count()).toBe(valuesBefore + 1);
    // The interpretation shows right under the form, whatever the table below it shows on screen.
    const result = page.getByTestId('inr-saved-result');
    expect(await result.textContent()).toMatch(/^Opgeslagen: INR 6,8, streefbereik \d,\d–\d,\dKritiek$/);
    expect(await result.isVisible()).toBe(true);
    expect(await rows.first().getByTestId('inr-value').textContent()).toBe('6,8');
    expect(await rows.first().getAttribute('data-interpretation')).toBe('critical');
    expect(await rows.first().getByTestId('inr-interpretation').textContent()).toBe('Kritiek');

    // The alert on the dashboard, and the patient is no longer overdue.
    await page.goto(DASHBOARD);
    await poll(() => page.getByTestId('critical-alert').count()).toBe(criticalBefore + 1);
    expect(await page.getByTestId('critical-alert').first().textContent()).toContain('6,8');
    expect(await page.getByTestId('overdue-table').count()).toBe(0);

    // Edit the scheme from the alert: a new scheme from today, the first day one and a half tablets.
    await page
      .getByTestId('critical-alert')
      .first()
      .getByRole('link', { name: /Schema aanpassen/ })
      .click();
    await page.waitForURL('**/dosagescheme?patient=*');
    const history = page.getByTestId('scheme-history-table').getByTestId('scheme-row');
    await history.first().waitFor();
    const schemesBefore = await history.count();
    await page.getByTestId('scheme-new').click();
    for (let day = 0; day < 7; day++) await page.getByTestId(`scheme-day-${day}`).fill(day % 2 ? '1' : '1,5');
    await poll(() => page.getByTestId('scheme-week-total').textContent()).toBe(
      'Weektotaal: 9 tabletten = 9 mg',
    );
    await page.getByTestId('scheme-save').click();
    await poll(() => history.count()).toBe(schemesBefore + 1);
    const current = page.getByTestId('scheme-current-table').getByTestId('scheme-day');
    expect(await current.allTextContents()).toEqual(['1½', '1', '1½', '1', '1½', '1', '1½']);

    // The dosing calendar starts with the new scheme; printing shows the calendar only.
    const calendar = page.getByTestId('dosing-calendar');
    expect(await calendar.getAttribute('lang')).toBe('nl');
    expect(await calendar.getByTestId('calendar-check').count()).toBe(1);
    await page.getByTestId('calendar-print').click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await calendar.isVisible()).toBe(true);
    expect(await page.getByTestId('scheme-history-table').isVisible()).toBe(false);
    expect(await page.getByTestId('calendar-print').isVisible()).toBe(false);
    await context.close();
  });

  it('verpleegkundige: the coumarin dose on the Toedienlijst needs a double check', async () => {
    const { context, page } = await browser.newPage();
    await page.setViewportSize({ width: 800, height: 1100 });
    await openSignedIn(page, '/', 'verpleegkundige');
    await page.waitForURL('**/dashboard');
    const tiles = page.locator('[data-testid="dashboard-tile"][data-key="roundsOpen"]');
    await tiles.first().waitFor();
    const links = await tiles.evaluateAll((els) => els.map((el) => el.getAttribute('href')!));
    let found = false;
    for (const link of links) {
      await page.goto(link);
      const cards = page.locator('[data-testid="moment-card"]');
      await cards.first().waitFor();
      const coumarin = cards.filter({ hasText: 'ACENOCOUMAROL' });
      if ((await coumarin.count()) === 0) continue;
      found = true;
      expect(await coumarin.first().getAttribute('data-double-check')).toBe('true');
      break;
    }
    expect(found).toBe(true);
    await context.close();
  });

  it('trombose: the screens with a patient chosen pass axe at 800 and 1280 px, without a sideways scroll', async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, '/', 'trombose');
    await page.waitForURL('**/dashboard');
    await page.goto(DASHBOARD);
    const link = page.getByTestId('ttr-table').getByRole('link').first();
    await link.waitFor();
    const patient = new URL((await link.getAttribute('href'))!, 'http://x').searchParams.get('patient');
    const problems: Record<string, string[]> = {};
    for (const width of [800, 1280]) {
      await page.setViewportSize({ width, height: 1000 });
      for (const [path, ready] of [
        [DASHBOARD, 'ttr-table'],
        [`/inrvalues?patient=${patient}`, 'inr-table'],
        [`/dosagescheme?patient=${patient}`, 'dosing-calendar'],
      ] as const) {
        await page.goto(path);
        await page.getByTestId(ready).waitFor();
        if (path.startsWith('/dosagescheme')) await page.getByTestId('scheme-new').click();
        const found = await axeProblems(page);
        const wide = await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
        );
        if (wide) found.push('page scrolls sideways');
        if (found.length > 0) problems[`${width} ${path}`] = found;
      }
    }
    expect(problems).toEqual({});
    await context.close();
  }, 300_000);
});
