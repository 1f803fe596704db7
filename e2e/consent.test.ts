import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';
import { drawSignature } from './support/signature.ts';

/** The shared server is busy (one build, several suites): allow a few seconds for a change to show. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** A patient in the consent warning of today's list: the default department first, else another one. */
async function patientWithoutConsent(page: Page): Promise<{ id: string; name: string; listUrl: string }> {
  await page.getByTestId('administration-list').waitFor();
  await page
    .locator('[data-testid="moment-card"], [data-testid="administration-list-empty"]')
    .first()
    .waitFor();
  let listUrl = '/administrationlist';
  if ((await page.getByTestId('consent-warning-patient').count()) === 0) {
    const departments = await page.evaluate(async () => {
      const response = await fetch('/api/medication/departments', {
        headers: { Authorization: `Bearer ${sessionStorage.getItem('access_token')}` },
      });
      return ((await response.json()) as { Rows: { Id: number }[] }).Rows.map((row) => row.Id);
    });
    for (const id of departments.slice(1)) {
      listUrl = `/administrationlist?department=${id}`;
      await page.goto(listUrl);
      await page
        .locator('[data-testid="moment-card"], [data-testid="administration-list-empty"]')
        .first()
        .waitFor();
      if ((await page.getByTestId('consent-warning-patient').count()) > 0) break;
    }
  }
  const row = page.getByTestId('consent-warning-patient').first();
  const id = (await row.getAttribute('data-patient-id'))!;
  const name = (await row.locator('p').first().textContent())!;
  return { id, name, listUrl };
}

describeBrowser('eTDR informed consent', () => {
  const browser = useBrowser();

  it('records a drawn consent from the toedienlijst; the warning goes and the AMO shows the signature', async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, '/administrationlist', 'verpleegkundige');
    await page.waitForURL('**/administrationlist');
    const patient = await patientWithoutConsent(page);
    const cardsOfPatient = page.getByTestId('moment-card').filter({
      has: page.getByTestId('moment-patient').getByText(patient.name, { exact: true }),
    });
    expect(await cardsOfPatient.getByTestId('consent-missing-badge').count()).toBeGreaterThan(0);

    await page.locator(`[data-testid="consent-record-button"][data-patient-id="${patient.id}"]`).click();
    const dialog = page.getByRole('dialog', { name: 'Toestemming eTDR vastleggen' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('consent-patient').textContent()).toBe(`Cliënt: ${patient.name}`);
    // The witness defaults to the logged-in nurse.
    expect(await dialog.getByLabel('Getuige').inputValue()).not.toBe('');

    // Without a signature the dialog refuses.
    await dialog.getByLabel(/Naam van de ondertekenaar/).fill('Karin Vertegenwoordiger');
    await dialog.getByRole('radio', { name: 'Vertegenwoordiger' }).click();
    await dialog.getByTestId('consent-submit').click();
    await dialog.getByText('Zet een handtekening in het vak.').waitFor();

    const pad = dialog.getByTestId('signature-pad');
    await drawSignature(page, pad);
    await poll(() => pad.getAttribute('data-empty')).toBe('false');
    expect(await dialog.getByTestId('signature-status').textContent()).toBe('Handtekening gezet.');
    await dialog.getByTestId('consent-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`De toestemming van ${patient.name} is vastgelegd.`).waitFor();

    // The warning for this patient is gone, also after a reload (stored on the server).
    const row = page.locator(`[data-testid="consent-warning-patient"][data-patient-id="${patient.id}"]`);
    await poll(() => row.count()).toBe(0);
    expect(await cardsOfPatient.getByTestId('consent-missing-badge').count()).toBe(0);
    await page.goto(patient.listUrl);
    await cardsOfPatient.first().waitFor();
    expect(await cardsOfPatient.getByTestId('consent-missing-badge').count()).toBe(0);
    expect(await row.count()).toBe(0);

    // The AMO of this patient shows the consent: date, signer and the drawn signature.
    await page.goto(`/amo?patient=${patient.id}`);
    const consent = page.getByTestId('patient-consent');
    await poll(() => consent.getAttribute('data-state')).toBe('signed');
    expect(await page.getByTestId('patient-consent-missing').count()).toBe(0);
    expect(await consent.getByTestId('consent-signer-name').textContent()).toBe(
      'Door Karin Vertegenwoordiger (Vertegenwoordiger)',
    );
    expect(await consent.getByTestId('consent-signed-at').textContent()).toMatch(/^Getekend op \d/);
    const image = consent.getByTestId('consent-signature-image');
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await image.getAttribute('alt')).toBe('Handtekening van Karin Vertegenwoordiger');
    // The drawing itself (the pad is 750 × 250), not a placeholder, and it loads as an image.
    await poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(750);
    expect(await consent.getByTestId('consent-record-button').count()).toBe(0);
    await context.close();
  });
});
