import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

/**
 * Documents: a Beheerder of Zorgcentrum De Berk uploads a document, downloads it again byte for byte,
 * and moves it to the trash after confirming; the nurse of the same care centre reads what the pharmacy and
 * the trombosis service share. Titles are unique per run.
 */
const run = Date.now().toString(36);
const title = `Protocol e2e ${run}`;

function pdf(marker: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${marker}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

async function openDocuments(page: Page, username: string) {
  await openSignedIn(page, '/support/documents', username);
  await page.getByTestId('documents-table').waitFor();
}

const row = (page: Page, text: string) =>
  page.getByTestId('document-row').filter({ has: page.getByTestId('document-row-title').getByText(text) });

describeBrowser('documents', () => {
  const browser = useBrowser();

  it('uploads a document, downloads the same bytes, and deletes it after confirming', async () => {
    const { context, page } = await browser.newPage();
    await openDocuments(page, 'beheerder');
    expect(await page.getByTestId('page-heading').textContent()).toBe('Documenten');

    await page.getByTestId('document-add').click();
    const dialog = page.getByTestId('document-upload-dialog');
    // The form refuses an empty title and no file before anything is sent.
    await page.getByTestId('document-upload-submit').click();
    await dialog.getByText('Vul een titel in.').waitFor();
    await dialog.getByText('Kies een bestand.').waitFor();

    await page.getByTestId('document-title').fill(title);
    await page.getByTestId('document-category').click();
    await page.getByRole('option', { name: 'Protocol' }).click();
    const content = pdf(run);
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'protocol-e2e.pdf',
      mimeType: 'application/pdf',
      buffer: content,
    });
    await page.getByTestId('document-upload-submit').click();
    await page.getByTestId('toast').filter({ hasText: 'Het document is opgeslagen.' }).first().waitFor();
    await row(page, title).waitFor();
    expect(await row(page, title).textContent()).toContain('protocol-e2e.pdf');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row(page, title).getByTestId('document-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('protocol-e2e.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(content)).toBe(true);

    // Delete asks first; cancelling keeps it.
    await row(page, title).getByTestId('document-delete').click();
    await page.getByTestId('confirm-dialog-cancel').click();
    await row(page, title).waitFor();
    await row(page, title).getByTestId('document-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Verwijderen' }).click();
    await row(page, title).waitFor({ state: 'detached' });

    // It is in the trash and comes back from there.
    await page.getByTestId('documents-view').getByText('Prullenbak').click();
    await row(page, title).getByTestId('document-restore').click();
    await page.getByTestId('documents-view').getByText('Documenten').click();
    await row(page, title).waitFor();
    await context.close();
  });

  it("shows a nurse the pharmacy's shared documents, read-only", async () => {
    const { context, page } = await browser.newPage();
    await openDocuments(page, 'verpleegkundige');
    const shared = row(page, 'Werkinstructie Baxterrollen uitzetten');
    await shared.waitFor();
    expect(await shared.getByTestId('document-shared-by').textContent()).toBe(
      'Gedeeld door Apotheek De Linde',
    );
    expect(await page.getByTestId('document-add').count()).toBe(0);
    expect(await shared.getByTestId('document-delete').count()).toBe(0);
    // The trombosis service shares with the care centres it serves.
    expect(
      await row(page, 'Protocol kritieke INR-waarde').getByTestId('document-shared-by').textContent(),
    ).toBe('Gedeeld door Trombosedienst Midden');
    // Search narrows the list.
    await page.getByTestId('documents-search').fill('valpreventie');
    await row(page, 'Werkinstructie Baxterrollen uitzetten').waitFor({ state: 'detached' });
    await row(page, 'Protocol valpreventie').waitFor();
    await context.close();
  });
});
