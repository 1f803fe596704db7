import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { PROTECTED_ROUTES, PUBLIC_ROUTES } from '@zorgportaal/contract';
import { axeProblems } from './support/axe.ts';
import { cardOf, planDoseNow } from './support/dose-now.ts';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';
import { routeOpener, sidewaysHidden } from './support/layout.ts';
import { trackApiCalls } from './support/settle.ts';

/** At a desk (1280×800) every role's screens are checked by desk-layout.test.ts; here the ward's tablet. */
const TABLET = { width: 800, height: 1100 };
const DESKTOP = { width: 1280, height: 800 };

/** The ward screens that must show every column or card without a sideways scroll on a tablet. */
const WIDE_SCREENS = [
  '/management/persons',
  '/amo',
  '/administrationlist',
  '/management/log',
  '/dashboard',
  '/zp/administrationregistration/dashboard',
];

/** Whether the navbar is on screen (below the breakpoint it slides out to the left when closed). */
const navOnScreen = (page: Page) =>
  page.evaluate(() => document.querySelector('.mantine-AppShell-navbar')!.getBoundingClientRect().right > 0);

/** A random BSN that passes the elfproef (9·d1 + 8·d2 + … + 2·d8 − d9 divisible by 11). */
function validBsn(): string {
  for (;;) {
    const digits = Array.from({ length: 8 }, (_, i) =>
      i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
    );
    const sum = digits.reduce((total, digit, i) => total + digit * (9 - i), 0);
    const last = sum % 11;
    if (last <= 9) return [...digits, last].join('');
  }
}

describeBrowser('ward-ready layout and accessibility', () => {
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let opener: ReturnType<typeof routeOpener>;

  beforeAll(async () => {
    // One login for the whole file: the Beheerder may see every route of the portal.
    ({ context, page } = await browser.newPage());
    opener = routeOpener(page);
    await openSignedIn(page, '/dashboard', 'beheerder');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows every ward screen without sideways-hidden content at 800×1100', async () => {
    await page.setViewportSize(TABLET);
    for (const path of WIDE_SCREENS) {
      await opener.open(path);
      expect({ path, hidden: await sidewaysHidden(page) }).toEqual({ path, hidden: [] });
    }
  });

  it('collapses the menu behind a burger on a tablet and opens it with one tap', async () => {
    await page.setViewportSize(TABLET);
    await opener.open('/management/persons');
    const nav = page.getByTestId('main-nav');
    expect(await navOnScreen(page)).toBe(false);
    const burger = page.getByRole('button', { name: 'Menu openen of sluiten' });
    const box = (await burger.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    await burger.click();
    await expect.poll(() => navOnScreen(page)).toBe(true);
    await nav.getByRole('button', { name: 'Beheer' }).waitFor();
    await nav.getByRole('link', { name: 'Logboek' }).click();
    await page.waitForURL('**/management/log');
    // Choosing an item closes the menu again.
    await expect.poll(() => navOnScreen(page)).toBe(false);
  });

  it('shows the whole menu at 1280×800 with unique labels and AMO once', async () => {
    await page.setViewportSize(DESKTOP);
    await opener.open('/dashboard');
    const nav = page.getByTestId('main-nav');
    expect(await page.getByRole('button', { name: 'Menu openen of sluiten' }).isVisible()).toBe(false);
    // Every item, also those in a folded area.
    const labels = await nav.locator('a').allTextContents();
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.filter((label) => /MijnGiB|medicatie overzicht/i.test(label))).toHaveLength(1);
    // The page keeps the spec's title.
    expect(await page.title()).toContain('Dashboard');
    const fits = await page.evaluate(() => {
      const navbar = document.querySelector<HTMLElement>('.mantine-AppShell-navbar')!;
      const shown = [...navbar.querySelectorAll('a, button')].filter((e) => e.checkVisibility());
      return shown.at(-1)!.getBoundingClientRect().bottom <= window.innerHeight;
    });
    expect(fits).toBe(true);
  });

  it('registers a dose on a tablet with large targets; the toast sits below the header and its undo is replaced', async () => {
    await page.setViewportSize(TABLET);
    await opener.open('/administrationlist');
    const cards = page.locator('[data-testid="moment-card"]');
    const heights = await cards
      .locator('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(44);

    // A dose due now: "Gegeven" registers in one tap only inside the dose's time window.
    const planned = await planDoseNow(null);
    await page.reload();
    const card = page.locator(cardOf(planned));
    const key = (await card.getAttribute('data-key'))!;
    await card.getByTestId('give-button').click();
    const given = page.getByTestId('toast').filter({ has: page.getByTestId('undo-registration') });
    await given.waitFor();
    const layout = await given.evaluate((toast) => {
      const undo = toast.querySelector<HTMLElement>('[data-testid="undo-registration"]')!;
      const label = undo.querySelector<HTMLElement>('.mantine-Button-label') ?? undo;
      const header = document.querySelector('.mantine-AppShell-header')!.getBoundingClientRect();
      const box = toast.getBoundingClientRect();
      const button = undo.getBoundingClientRect();
      return {
        belowHeader: box.top >= header.bottom,
        undoInside: button.left >= box.left && button.right <= box.right,
        undoText: label.scrollWidth <= label.clientWidth ? undo.textContent : 'clipped',
      };
    });
    expect(layout).toEqual({ belowHeader: true, undoInside: true, undoText: 'Ongedaan maken' });

    await given.getByTestId('undo-registration').click();
    await page.getByTestId('toast').getByText('Registratie ongedaan gemaakt.').waitFor();
    // Replaced at once, well before its own 5 s display time would end.
    await expect.poll(() => given.count(), { timeout: 2_000 }).toBe(0);
    await expect
      .poll(() => page.locator(`[data-testid="moment-card"][data-key="${key}"]`).getAttribute('data-state'))
      .not.toBe('given');
  });

  it('makes a person a client from Personen and edits the client from the AMO', async () => {
    await page.setViewportSize(DESKTOP);
    await opener.open('/management/persons');
    const row = page.locator('[data-testid="person-row"]', {
      has: page.getByTestId('person-username').getByText('tweestaps', { exact: true }),
    });
    const name = (await row.getByTestId('person-name').locator('p').first().textContent())!;
    await row.getByTestId('person-actions').click();
    await page.getByTestId('person-action-client').click();
    const dialog = page.getByRole('dialog', { name: `${name} cliënt maken` });

    // A BSN that fails the elfproef is refused at the field, nothing is saved.
    await dialog.getByTestId('patient-bsn').fill('123456788');
    await dialog.getByTestId('patient-form-submit').click();
    await dialog.getByText('Dit is geen geldig BSN (9 cijfers, elfproef).').waitFor();
    await dialog.getByText('Kies een afdeling.').waitFor();

    const bsn = validBsn();
    await dialog.getByTestId('patient-bsn').fill(bsn);
    await dialog.getByTestId('patient-department').click();
    const department = (await page.getByRole('option').first().textContent())!;
    await page.getByRole('option').first().click();
    await dialog.getByTestId('patient-room').fill('12B');
    await dialog.getByTestId('patient-allergies').fill('Penicilline');
    await dialog.getByTestId('patient-allergies').press('Enter');
    await dialog.getByTestId('patient-form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('toast').getByText(`${name} is nu cliënt.`).waitFor();

    // The new client is in the AMO with the entered data, and can be edited there.
    await page.goto('/amo');
    await page.getByTestId('patient-picker').fill(bsn);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    const header = page.getByTestId('patient-header');
    await header.getByText(bsn, { exact: true }).waitFor();
    expect(await header.textContent()).toContain(department);
    expect(await header.textContent()).toContain('Penicilline');
    await header.getByTestId('patient-edit').click();
    const edit = page.getByRole('dialog', { name: `Cliëntgegevens van ${name}` });
    expect(await edit.getByTestId('patient-room').inputValue()).toBe('12B');
    await edit.getByTestId('patient-room').fill('14');
    await edit.getByTestId('patient-form-submit').click();
    await edit.waitFor({ state: 'hidden' });
    await header.getByText('14', { exact: true }).waitFor();

    // Once a client, Personen continues with the existing data instead of a second client.
    await opener.open('/management/persons');
    await row.getByTestId('person-actions').click();
    await page.getByTestId('person-action-client').click();
    await dialog.getByTestId('patient-bsn').fill(validBsn());
    await dialog.getByTestId('patient-department').click();
    await page.getByRole('option').first().click();
    await dialog.getByTestId('patient-form-submit').click();
    const again = page.getByRole('dialog', { name: `Cliëntgegevens van ${name}` });
    await again.getByTestId('patient-form-notice').waitFor();
    expect(await again.getByTestId('patient-bsn').inputValue()).toBe(bsn);
    await again.getByRole('button', { name: 'Annuleren' }).click();
  });

  it('has no serious or critical axe violations on any route on a tablet', async () => {
    const problems: Record<string, string[]> = {};
    // On the tablet; at a desk every role's routes are checked with axe by desk-layout.test.ts.
    await page.setViewportSize(TABLET);
    for (const route of PROTECTED_ROUTES) {
      await opener.openInApp(route);
      const found = await axeProblems(page);
      if (found.length > 0) problems[route.path] = found;
    }
    // The public pages, logged out in a context of their own.
    const visitor = await browser.newPage();
    const visitorSettled = trackApiCalls(visitor.page);
    for (const path of PUBLIC_ROUTES.map((p) => p.replace(':token', 'not-a-token'))) {
      await visitor.page.goto(path);
      await visitor.page.getByRole('heading', { level: 1 }).first().waitFor();
      await visitorSettled();
      const found = await axeProblems(visitor.page);
      if (found.length > 0) problems[path] = found;
    }
    await visitor.context.close();
    expect(problems).toEqual({});
  }, 300_000);
});
