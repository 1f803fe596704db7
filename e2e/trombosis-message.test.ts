import { expect, it } from 'vitest';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

/**
 * The trombosis service writes to the care centre about a client's INR value; the care centre answers and
 * the service sees the answer arrive in the open thread without a reload. One login per user.
 */
describeBrowser('Communicatie between the trombosis service and the care centre', () => {
  const browser = useBrowser();

  it('trombose writes to De Berk about an INR value; the nurse answers; the answer appears at the service', async () => {
    const service = await browser.newPage();
    const { page } = service;
    await openSignedIn(page, '/inrvalues', 'trombose');
    await page.waitForURL('**/inrvalues');
    await page.getByTestId('trombosis-patient-select').click();
    await page.getByRole('option').filter({ hasText: 'Zorgcentrum De Berk' }).first().click();
    await page.waitForURL('**/inrvalues?patient=*');
    await page.getByTestId('inr-message').first().click();
    await page.waitForURL('**/communication?compose=1&inr=*');

    const subject = `INR-controle ${Date.now().toString(36)}`;
    const dialog = page.getByRole('dialog', { name: 'Nieuw bericht' });
    expect(await dialog.getByTestId('compose-about').textContent()).toBe('Over een INR-waarde van de cliënt');
    await dialog.getByTestId('compose-recipient').click();
    await page.getByRole('option', { name: 'Zorgcentrum De Berk – Dagdienst' }).click();
    await dialog.getByTestId('compose-subject').fill(subject);
    await dialog
      .getByTestId('compose-body')
      .fill('De INR is gemeten. Graag morgen om 9 uur opnieuw prikken.');
    await dialog.getByTestId('compose-send').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('thread-inr').textContent()).toMatch(/^INR-waarde \d+,\d/);

    const nurse = await browser.newPage();
    await openSignedIn(nurse.page, '/communication', 'verpleegkundige');
    await nurse.page.waitForURL('**/communication');
    const row = nurse.page.getByTestId('thread-row').filter({ hasText: subject });
    expect(await row.getAttribute('data-unread')).toBe('true');
    expect(await row.textContent()).toContain('Trombosedienst Midden');
    await row.getByTestId('thread-open').click();
    await nurse.page
      .getByTestId('message-body')
      .getByText('De INR is gemeten. Graag morgen om 9 uur opnieuw prikken.')
      .waitFor();
    await nurse.page.getByTestId('answer-body').fill('Staat genoteerd voor 9 uur.');
    await nurse.page.getByTestId('answer-send').click();

    // The service still has its thread open: the stream brings the answer.
    await page.getByTestId('message-body').getByText('Staat genoteerd voor 9 uur.').waitFor();
    await nurse.context.close();
    await service.context.close();
  });
});
