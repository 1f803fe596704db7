import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

/** The shared server is busy (one build, several suites): allow a few seconds for a change to show. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The unread counter in the header (no badge: 0). */
async function headerUnread(page: Page): Promise<number> {
  const badge = page.getByTestId('header-messages').getByTestId('unread-badge');
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

describeBrowser('Communicatie and VP', () => {
  const browser = useBrowser();

  it('the nurse writes to the pharmacy; the pharmacist sees the counter rise without a reload and answers', async () => {
    const pharmacist = await browser.newPage();
    await openSignedIn(pharmacist.page, '/communication', 'apotheker');
    await pharmacist.page.waitForURL('**/communication');
    await pharmacist.page.getByTestId('header-messages').waitFor();
    await pharmacist.page
      .locator('[data-testid="thread-list"], [data-testid="threads-empty"]')
      .first()
      .waitFor();
    // Let the event stream connect before the message is sent.
    await poll(() => pharmacist.page.getByTestId('stream-state').textContent()).toBe(
      'Nieuwe berichten verschijnen vanzelf.',
    );
    const before = await headerUnread(pharmacist.page);

    const nurse = await browser.newPage();
    await openSignedIn(nurse.page, '/communication', 'verpleegkundige');
    await nurse.page.waitForURL('**/communication');
    await nurse.page.getByTestId('compose-open').click();
    const dialog = nurse.page.getByRole('dialog', { name: 'Nieuw bericht' });
    await dialog.waitFor();
    // Sending without anything names the missing fields and sends nothing.
    await dialog.getByTestId('compose-send').click();
    await dialog.getByText('Kies een ontvanger.').waitFor();
    await dialog.getByText(/Vul een onderwerp in/).waitFor();

    const subject = `Voorraad insuline ${Date.now()}`;
    await dialog.getByTestId('compose-recipient').click();
    await nurse.page.getByRole('option', { name: 'Apotheek De Linde – Dagdienst' }).click();
    await dialog.getByTestId('compose-subject').fill(subject);
    await dialog.getByTestId('compose-body').fill('Kan er vandaag nog insuline mee met de levering?');
    await dialog.getByTestId('compose-send').click();
    await dialog.waitFor({ state: 'detached' });
    await nurse.page.getByTestId('thread-subject').getByText(subject).waitFor();

    // No reload on the pharmacist's side: the stream brings the counter and the thread.
    await poll(() => headerUnread(pharmacist.page)).toBe(before + 1);
    const row = pharmacist.page.getByTestId('thread-row').filter({ hasText: subject });
    await row.waitFor();
    expect(await row.getAttribute('data-unread')).toBe('true');
    await row.getByTestId('thread-open').click();
    await pharmacist.page
      .getByTestId('message-body')
      .getByText('Kan er vandaag nog insuline mee met de levering?')
      .waitFor();
    await poll(() => headerUnread(pharmacist.page)).toBe(before);
    await pharmacist.page.getByTestId('answer-body').fill('Ja, gaat om 14:00 mee.');
    await pharmacist.page.getByTestId('answer-send').click();

    // The nurse has the thread open: the answer appears there by itself.
    await nurse.page
      .getByTestId('message-body')
      .getByText('Ja, gaat om 14:00 mee.')
      .waitFor({ timeout: 15_000 });
    await pharmacist.context.close();
    await nurse.context.close();
  });

  it('the GP sees open items, records a medication review and finds it on Terugblikken', async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, '/vp/dashboard', 'huisarts');
    await page.waitForURL('**/vp/dashboard');
    await page.getByTestId('vp-table').waitFor();
    expect(await page.getByTestId('vp-signature').count()).toBeGreaterThan(0);

    // A demo client with medication history (other suites may add clients without any).
    await page.getByTestId('vp-row').filter({ hasText: 'Johanna Jansen' }).getByRole('link').first().click();
    await page.waitForURL('**/vp/history?patient=*');
    await page.getByTestId('history-timeline').waitFor();
    await page.getByTestId('review-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByTestId('review-save').click();
    await dialog.getByText('Vul de bevindingen in.').waitFor();
    await dialog.getByTestId('review-pharmacist').fill('Apotheker De Linde');
    await dialog
      .getByTestId('review-findings')
      .fill('Medicatie doorgenomen met apotheker; geen wijzigingen.');
    await dialog.getByTestId('review-save').click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .locator('[data-testid="history-event"][data-kind="review"]')
      .getByText('Medicatie doorgenomen met apotheker; geen wijzigingen.')
      .waitFor();
    await context.close();
  });
});

/** Sends the open "Nieuw bericht" dialog to a group of Zorgcentrum De Berk with this text. */
async function sendToDeBerk(page: Page, body: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Nieuw bericht' });
  await dialog.getByTestId('compose-recipient').click();
  await page
    .getByRole('option', { name: /^Zorgcentrum De Berk – / })
    .first()
    .click();
  await dialog.getByTestId('compose-body').fill(body);
  await dialog.getByTestId('compose-send').click();
  await dialog.waitFor({ state: 'detached' });
}

describeBrowser('Communicatie: a message about an order or an INR value', () => {
  const browser = useBrowser();

  it('the pharmacist writes about an order from the order list; the thread names the order', async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, '/orders', 'apotheker');
    await page.waitForURL('**/orders');
    const button = page.getByTestId('order-message').first();
    await button.waitFor();
    const orderId = /\d+/.exec((await button.getAttribute('aria-label'))!)![0];
    await button.click();
    await page.waitForURL('**/communication?compose=1&order=*');
    const dialog = page.getByRole('dialog', { name: 'Nieuw bericht' });
    expect(await dialog.getByTestId('compose-about').textContent()).toBe(`Over bestelling ${orderId}`);
    // The subject is filled in; the client follows from the order.
    expect(await dialog.getByTestId('compose-subject').inputValue()).toBe(`Over bestelling ${orderId}`);
    expect(await dialog.getByTestId('compose-patient').isDisabled()).toBe(true);
    // Only the order's care centre can read a message about it: its one group is chosen already.
    await poll(() => dialog.getByTestId('compose-recipient').inputValue()).toMatch(/^Zorgcentrum De Berk – /);
    await dialog.getByTestId('compose-recipient').click();
    expect(await page.getByRole('option').allTextContents()).toEqual([
      await dialog.getByTestId('compose-recipient').inputValue(),
    ]);
    await dialog.getByTestId('compose-recipient').press('Escape');
    await dialog.getByTestId('compose-body').fill('De levering van deze bestelling komt morgen.');
    await dialog.getByTestId('compose-send').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('thread-order').textContent()).toBe(`Over bestelling ${orderId}`);
    // The dialog does not come back on a reload: the address no longer asks for it.
    expect(new URL(page.url()).searchParams.get('compose')).toBeNull();
    await context.close();
  });

  it("the GP writes about a client's INR value and opens the value again from the thread", async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, '/inrvalues', 'huisarts');
    await page.waitForURL('**/inrvalues');
    await page.getByTestId('trombosis-patient-select').click();
    await page.getByRole('option').first().click();
    await page.waitForURL('**/inrvalues?patient=*');
    const patientId = new URL(page.url()).searchParams.get('patient');
    await page.getByTestId('inr-message').first().click();
    await page.waitForURL('**/communication?compose=1&inr=*');
    const dialog = page.getByRole('dialog', { name: 'Nieuw bericht' });
    await dialog.getByTestId('compose-about').waitFor();
    await sendToDeBerk(page, 'Graag de dosering met de trombosedienst afstemmen.');
    const link = page.getByTestId('thread-inr');
    expect(await link.textContent()).toMatch(/^INR-waarde \d+,\d, gemeten \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await link.click();
    await page.waitForURL(`**/inrvalues?patient=${patientId}`);
    await page.getByTestId('inr-row').first().waitFor();
    await context.close();
  });
});
