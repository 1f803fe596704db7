import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

/**
 * Koppelingen: De Berk's Beheerder switches the demo MijnCaress link off, adds a link to a local ECD
 * (a node:http server in this test serving a FHIR Bundle), runs "Nu synchroniseren", reads the report
 * with its refused lines, and restores the demo link. Names and the BSN are unique per run.
 */
const run = Date.now().toString(36);
const NAME = `ECD e2e ${run}`;
const KEY = `e2e-sleutel-${run}`;

/** A BSN that passes the elfproef, random per run. */
function randomBsn(): string {
  for (;;) {
    const head = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
    let sum = 0;
    for (let i = 0; i < 8; i++) sum += Number(head[i]) * (9 - i);
    if (sum % 11 < 10) return head + String(sum % 11);
  }
}

const patient = (id: string, bsn: string, ward: string) => ({
  resource: {
    resourceType: 'Patient',
    id,
    identifier: [{ system: 'http://fhir.nl/fhir/NamingSystem/bsn', value: bsn }],
    name: [{ family: `E2e-${run}`, given: ['Test'] }],
    birthDate: '1945-05-05',
    extension: [{ url: 'http://mijncaress.nl/fhir/StructureDefinition/ward-code', valueCode: ward }],
  },
});

let server: Server;
let source: string;
const seenAuth: (string | undefined)[] = [];
beforeAll(async () => {
  const bundle = {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [
      patient('e2e-1', randomBsn(), 'EIK'),
      patient('e2e-2', '123456789', 'EIK'),
      patient('e2e-3', randomBsn(), 'XYZ'),
    ],
  };
  server = createServer((req, res) => {
    seenAuth.push(req.headers.authorization);
    res.writeHead(200, { 'content-type': 'application/fhir+json' });
    res.end(JSON.stringify(bundle));
  });
  // The port global-setup allowed in INTEGRATION_HOSTS (a bare host would allow only 80/443).
  const port = inject('e2e')?.ecdPort ?? 0;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  source = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir/Patient`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const row = (page: Page, name: string) =>
  page
    .getByTestId('integration-row')
    .filter({ has: page.getByTestId('integration-row-name').getByText(name) });

async function setStatus(
  page: Page,
  name: string,
  action: 'integrations-activate' | 'integrations-deactivate',
) {
  await row(page, name).getByTestId('integration-select').check();
  await page.getByTestId(action).click();
  const expected = action === 'integrations-activate' ? 'Actief' : 'Inactief';
  await expect.poll(() => row(page, name).getByTestId('integration-status').textContent()).toBe(expected);
}

describeBrowser('integrations', () => {
  const browser = useBrowser();

  it('adds an ECD link, synchronises it and reads the report with the refused lines', async () => {
    const { context, page } = await browser.newPage();
    await openSignedIn(page, '/management/advanced', 'beheerder');
    await page.getByTestId('advanced-tab-integrations').click();
    await row(page, 'MijnCaress ECD').waitFor();
    // The demo link off, so the sync runs the new one.
    await setStatus(page, 'MijnCaress ECD', 'integrations-deactivate');

    await page.getByTestId('integration-new').click();
    const form = page.getByTestId('integration-form');
    await page.getByTestId('integration-name').fill(NAME);
    await page.getByTestId('integration-source').fill('ftp://niet-goed');
    await page.getByTestId('integration-save').click();
    await form.getByText(/Vul een http\(s\)-adres in/).waitFor();
    await page.getByTestId('integration-source').fill(source);
    await page.getByTestId('integration-secret').fill(KEY);
    await page.getByTestId('ward-add').click();
    await page.getByTestId('ward-code').fill('EIK');
    await page.getByTestId('ward-department').click();
    await page.getByRole('option', { name: 'Afdeling Eikenhof' }).click();
    await page.getByTestId('integration-save').click();
    await form.waitFor({ state: 'detached' });
    expect(await row(page, NAME).textContent()).toContain('Sleutel ingesteld');
    // The key is never shown again: the form's key field is empty.
    await row(page, NAME).getByTestId('integration-edit').click();
    expect(await page.getByTestId('integration-secret').inputValue()).toBe('');
    await page.getByTestId('integration-form').getByRole('button', { name: 'Annuleren' }).click();

    await row(page, NAME).getByTestId('integration-sync').click();
    const detail = page.getByTestId('report-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('report-summary').textContent()).toContain(
      '1 aangemaakt, 0 bijgewerkt, 0 ongewijzigd, 2 geweigerd',
    );
    await detail.getByText('Het BSN voldoet niet aan de elfproef.').waitFor();
    await detail.getByText('Afdelingscode "XYZ" is aan geen afdeling gekoppeld.').waitFor();
    expect(seenAuth.at(-1)).toBe(`Bearer ${KEY}`);
    await page.getByTestId('reports-dialog').getByRole('button', { name: 'Sluiten' }).first().click();

    // The run is in the reports list and opens again.
    await row(page, NAME).getByTestId('integration-reports').click();
    await page.getByTestId('report-open').first().click();
    await page.getByTestId('report-detail').getByText('Geweigerd').first().waitFor();
    expect(await page.getByTestId('report-line').count()).toBe(3);
    await page.keyboard.press('Escape');

    // Clean up: delete after confirming, the demo link back on.
    await row(page, NAME).getByTestId('integration-delete').click();
    await page.getByTestId('confirm-dialog-confirm').click();
    await row(page, NAME).waitFor({ state: 'detached' });
    await setStatus(page, 'MijnCaress ECD', 'integrations-activate');
    await context.close();
  });
});
