import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';
import { drawSignature } from './support/signature.ts';

/** The shared server is busy (one build, several suites): allow a few seconds for a change to show. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The dashboard's "waiting for my signature" figures added up (each link reads "N afspraak/afspraken"). */
async function waitingTotal(page: Page): Promise<number> {
  await page.getByTestId('vp-table').waitFor();
  const texts = await page.getByTestId('vp-signature').allTextContents();
  return texts.reduce((sum, text) => sum + Number(/\d+/.exec(text)?.[0] ?? 0), 0);
}

describeBrowser('VP: the authorised signature', () => {
  const browser = useBrowser();

  it('huisarts opens a waiting agreement from the dashboard, signs it on screen and sees it signed', async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, '/vp/dashboard', 'huisarts');
    await page.waitForURL('**/vp/dashboard');
    const before = await waitingTotal(page);
    expect(before).toBeGreaterThan(0);

    await page.getByTestId('vp-signature').first().click();
    await page.waitForURL('**/amo?patient=*');
    // The newest agreement comes first: the one waiting for the signature.
    const row = page
      .getByTestId('agreements-current')
      .getByTestId('agreement-row')
      .filter({
        has: page.getByTestId('agreement-sign'),
      });
    await row.first().waitFor();
    const agreementId = (await row.first().getAttribute('data-agreement-id'))!;
    await row.first().getByTestId('agreement-sign').click();

    const dialog = page.getByRole('dialog', { name: 'Medicatieafspraak ondertekenen' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('consent-text').textContent()).toMatch(
      /^Als voorschrijver onderteken ik de medicatieafspraak: /,
    );
    // The prescriber signs as themselves: no role to choose, no witness.
    expect(await dialog.getByTestId('consent-signer').inputValue()).not.toBe('');
    expect(await dialog.getByTestId('consent-role').count()).toBe(0);
    await dialog.getByTestId('consent-submit').click();
    await dialog.getByText('Zet een handtekening in het vak.').waitFor();
    const pad = dialog.getByTestId('signature-pad');
    await drawSignature(page, pad);
    await poll(() => pad.getAttribute('data-empty')).toBe('false');
    await dialog.getByTestId('consent-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('De medicatieafspraak is ondertekend.').waitFor();

    const signedRow = page.locator(`[data-testid="agreement-row"][data-agreement-id="${agreementId}"]`);
    const signed = signedRow.getByTestId('agreement-signed');
    await signed.waitFor();
    expect(await signed.textContent()).toMatch(/^Ondertekend door .+ op \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Stored on the server: still signed after a reload.
    await page.reload();
    await signedRow.getByTestId('agreement-signed').waitFor();
    expect(await signedRow.getByTestId('agreement-sign').count()).toBe(0);

    // One agreement less waits for the signature on the dashboard.
    await page.goto('/vp/dashboard');
    await poll(() => waitingTotal(page)).toBe(before - 1);
    await context.close();
  });
});

describeBrowser('VP: the screens a prescriber opens', () => {
  const browser = useBrowser();

  it("huisarts reads a client's INR values read-only from the menu and never lands on a ward screen", async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, '/dashboard', 'huisarts');
    await page.waitForURL('**/dashboard');
    const nav = page.getByTestId('main-nav');
    // The GP's menu is long enough to fold its areas: Trombosedienst opens with one click.
    await nav.getByRole('button', { name: 'Trombosedienst' }).click();
    await nav.getByTestId('nav-link-inrvalues').waitFor();
    // Ward screens (departments, day lists) are for care centres and pharmacies, not a GP practice.
    for (const ward of [
      'zp-medication-flowchart',
      'zp-medication-dashboard',
      'zp-administrationregistration-dashboard',
    ])
      expect(await nav.getByTestId(`nav-link-${ward}`).count()).toBe(0);

    await nav.getByTestId('nav-link-inrvalues').click();
    await page.waitForURL('**/inrvalues');
    await page.getByTestId('trombosis-patient-select').click();
    await page.getByRole('option').first().click();
    await page.waitForURL('**/inrvalues?patient=*');
    await page.getByTestId('inr-patient').waitFor();
    await page.getByTestId('inr-row').first().waitFor();
    // Reading only: no form to enter a value.
    expect(await page.getByTestId('inr-form').count()).toBe(0);

    // Typed by hand, a ward screen sends the prescriber home.
    await page.goto('/zp/medication/flowchart');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await context.close();
  });
});
