import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

/**
 * Zorgnetwerk: the pharmacy's Beheerder proposes to supply Zorgcentrum Het Anker, Het Anker's
 * Beheerder confirms it and ends it again, the pharmacy proposes it anew (it may not reactivate it),
 * Het Anker confirms, and the pharmacy removes it again (so other tests see the demo network).
 */
async function openNetwork(page: Page, username: string) {
  await openSignedIn(page, '/healthcare/infrastructure', username);
  await page.getByTestId('network-links').waitFor();
}

const linkRow = (page: Page) =>
  page
    .getByTestId('network-link')
    .filter({ hasText: 'Apotheek De Linde' })
    .filter({ hasText: 'Zorgcentrum Het Anker' });

describeBrowser('Zorgnetwerk', () => {
  const browser = useBrowser();

  it('shows the network of a nurse as a graph and a list, without changes', async () => {
    const { context, page } = await browser.newPage();
    await openNetwork(page, 'verpleegkundige');
    await page.getByTestId('network-graph').waitFor();
    const rows = await page.getByTestId('network-link').allTextContents();
    expect(rows.some((row) => row.includes('Apotheek De Linde'))).toBe(true);
    expect(rows.some((row) => row.includes('Trombosedienst Midden'))).toBe(true);
    expect(await page.getByTestId('network-add').count()).toBe(0);
    expect(await page.getByTestId('network-locations').textContent()).toMatch(/\S/);
    await context.close();
  });

  it('proposes a link, the other side confirms and ends it, only a new proposal brings it back', async () => {
    const pharmacy = await browser.newPage();
    await openNetwork(pharmacy.page, 'apotheker');
    await pharmacy.page.getByTestId('network-add').click();
    await pharmacy.page.getByTestId('network-add-role').click();
    await pharmacy.page.getByRole('option', { name: /leverancier/ }).click();
    await pharmacy.page.getByTestId('network-add-other').fill('Anker');
    await pharmacy.page.getByRole('option', { name: /Zorgcentrum Het Anker/ }).click();
    await pharmacy.page.getByTestId('network-add-submit').click();
    await linkRow(pharmacy.page).waitFor();
    expect(await linkRow(pharmacy.page).getByTestId('network-link-status').textContent()).toBe(
      'Niet actief of wacht op bevestiging',
    );

    const anker = await browser.newPage();
    await openNetwork(anker.page, 'anker');
    expect(await linkRow(anker.page).getByTestId('network-link-status').textContent()).toBe(
      'Wacht op uw bevestiging',
    );
    await linkRow(anker.page).getByTestId('network-link-activate').click();
    await linkRow(anker.page)
      .getByTestId('network-link-status')
      .getByText('Actief', { exact: true })
      .waitFor();

    // Het Anker ends it: only Het Anker may activate it again; the pharmacy can only propose it anew.
    // Deactivating asks first: cancelling keeps the link active.
    await linkRow(anker.page).getByTestId('network-link-deactivate').click();
    await anker.page
      .getByTestId('network-deactivate-question')
      .getByText(/alleen uw organisatie/i)
      .waitFor();
    await anker.page.getByTestId('confirm-dialog-cancel').click();
    await anker.page.getByTestId('network-deactivate-question').waitFor({ state: 'detached' });
    expect(await linkRow(anker.page).getByTestId('network-link-status').textContent()).toContain('Actief');
    await linkRow(anker.page).getByTestId('network-link-deactivate').click();
    await anker.page.getByTestId('confirm-dialog-confirm').click();
    await linkRow(anker.page).getByTestId('network-link-activate').getByText('Activeren').waitFor();
    await pharmacy.page.reload();
    await linkRow(pharmacy.page).getByTestId('network-link-propose').waitFor();
    expect(await linkRow(pharmacy.page).getByTestId('network-link-status').textContent()).toMatch(
      /^Gedeactiveerd door Zorgcentrum Het Anker op .*Alleen Zorgcentrum Het Anker kan deze koppeling weer activeren/,
    );
    expect(await linkRow(pharmacy.page).getByTestId('network-link-activate').count()).toBe(0);
    await linkRow(pharmacy.page).getByTestId('network-link-propose').click();
    await linkRow(pharmacy.page)
      .getByTestId('network-link-status')
      .getByText('Niet actief of wacht op bevestiging')
      .waitFor();

    // Het Anker confirms the new proposal.
    await anker.page.reload();
    await linkRow(anker.page)
      .getByTestId('network-link-status')
      .getByText('Wacht op uw bevestiging')
      .waitFor();
    await linkRow(anker.page).getByTestId('network-link-activate').click();
    await linkRow(anker.page)
      .getByTestId('network-link-status')
      .getByText('Actief', { exact: true })
      .waitFor();
    await anker.context.close();

    await pharmacy.page.reload();
    await linkRow(pharmacy.page)
      .getByTestId('network-link-status')
      .getByText('Actief', { exact: true })
      .waitFor();
    await linkRow(pharmacy.page).getByTestId('network-link-remove').click();
    await pharmacy.page.getByTestId('confirm-dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await linkRow(pharmacy.page).waitFor({ state: 'detached' });
    await pharmacy.context.close();
  });
});
