import { expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, describeBrowser, sessionValue, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';
import { cardOf, planDoseNow } from './support/dose-now.ts';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The demo 2FA account's secret (README). */
const TWEESTAPS_SECRET = '3GZWCL6RF5MH6A3PBM3CTWS2C3WHDRUV';
/**
 * The code of the next 30-second step (the server accepts one step either way): never one an earlier
 * login of tweestaps in this run (account-security.test.ts, current step) has used up already.
 */
const nextCode = () =>
  new TOTP({
    secret: Secret.fromBase32(TWEESTAPS_SECRET),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({
    timestamp: Date.now() + 30_000,
  });

async function doubleCheckAtTheBedside(
  page: Page,
  checker: { username: string; name: string; totp?: boolean },
) {
  // A risk dose (an opiate) due now: "Gegeven" leads straight to the colleague's check, inside the
  // dose's time window whatever the hour of the run (the demo's rounds run from 07:00 to 22:00).
  const agreementId = await planDoseNow(null, { product: 'OXYCODON CAPSULE 5MG' });
  await openSignedIn(page, '/administrationlist', 'verpleegkundige');
  await page.waitForURL('**/administrationlist');

  // Every card carries the client's face (a photo, or the initials when there is none).
  const cards = page.getByTestId('moment-card');
  await cards.first().waitFor();
  expect(await cards.locator('[data-testid="client-photo"]').count()).toBe(await cards.count());
  const photo = page
    .locator('[data-testid="moment-card"] [data-testid="client-photo"][data-photo="image"]')
    .first();
  await photo.waitFor();
  expect(
    await photo.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth),
  ).toBeGreaterThan(0);

  const card = page.locator(cardOf(agreementId));
  await card.waitFor();
  expect(await card.getAttribute('data-double-check')).toBe('true');
  const nurseToken = await sessionValue(page, 'access_token');
  await card.getByTestId('give-button').click();
  const dialog = page.getByRole('dialog', { name: 'Dubbele controle bij toediening' });
  await dialog.waitFor();
  // The dialog shows who the dose is for, with the face.
  await dialog.getByTestId('client-photo').waitFor();
  expect(await dialog.getByTestId('at-dose-patient').textContent()).toBe(
    await card.getByTestId('moment-patient').textContent(),
  );

  // A wrong password is a field error; the nurse is not logged out.
  await dialog.getByTestId('at-dose-username').fill(checker.username);
  await dialog.getByTestId('at-dose-password').fill('Niet-het-wachtwoord-1');
  await dialog.getByTestId('at-dose-submit').click();
  await dialog.getByText('De gebruikersnaam of het wachtwoord van uw collega klopt niet.').waitFor();
  expect(await dialog.getByTestId('at-dose-password').inputValue()).toBe('');

  await dialog.getByTestId('at-dose-password').fill(DEMO_PASSWORD);
  await dialog.getByTestId('at-dose-submit').click();
  if (checker.totp) {
    // The colleague uses 2FA: the server asks for the code, the field appears.
    const code = dialog.getByTestId('at-dose-totp');
    await code.waitFor();
    await dialog.getByTestId('at-dose-password').fill(DEMO_PASSWORD);
    await code.fill(nextCode());
    await dialog.getByTestId('at-dose-submit').click();
  }
  await dialog.waitFor({ state: 'hidden' });

  // Complete at once, and the card names both professionals.
  await poll(() => card.getAttribute('data-state')).toBe('given');
  expect(await card.getByTestId('registration-info').textContent()).toContain('El Amrani');
  expect(await card.getByTestId('double-checked-by').textContent()).toContain(checker.name);
  // Still the nurse's own session, on the same page.
  expect(page.url()).toContain('/administrationlist');
  expect(await sessionValue(page, 'access_token')).toBe(nurseToken);
}

describeBrowser('double check at the dose on the ward tablet', () => {
  const browser = useBrowser();

  it('800 px: a colleague with 2FA confirms a risk dose on the nurse’s tablet', async () => {
    const { context, page } = await browser.newPage();
    await page.setViewportSize({ width: 800, height: 1100 });
    await doubleCheckAtTheBedside(page, { username: 'tweestaps', name: 'Dijk', totp: true });
    await context.close();
  });

  it('1280 px: a colleague confirms a risk dose; the waiting-check link opens the filtered list', async () => {
    const { context, page } = await browser.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await doubleCheckAtTheBedside(page, { username: 'beheerder', name: 'Vries' });
    // The dashboard tile of waiting checks opens the list on exactly those doses.
    await page.goto('/dashboard');
    const tile = page.locator('[data-testid="dashboard-tile"][data-key="roundsAwaitingCheck"]').first();
    await tile.waitFor();
    await tile.click();
    await page.waitForURL('**/administrationlist?department=*&filter=doublecheck');
    await page.getByTestId('double-check-filter').waitFor();
    const shown = page.getByTestId('moment-card');
    const states = await shown.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-state')));
    expect(states.every((state) => state === 'awaiting_check')).toBe(true);
    await page.getByTestId('double-check-filter-clear').click();
    await poll(() => page.getByTestId('double-check-filter').count()).toBe(0);
    await context.close();
  });
});
