import { expect, it } from 'vitest';
import { baseURL, DEMO_PASSWORD, describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';
import { navigate } from './support/settle.ts';

/** The pharmacy opens a client of the care centre it supplies, through the API as its own screens do. */
async function pharmacyReadsAClient(): Promise<{ id: number; personId: number; name: string }> {
  const base = baseURL();
  const token = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: '1',
      product_id: '1',
      username: 'apotheker',
      password: DEMO_PASSWORD,
    }).toString(),
  }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  const { Rows } = await get<{ Rows: { Id: number; EntityName?: string }[] }>('/api/patients?limit=5');
  const patient = await get<{ Id: number; PersonId: number; ScreenName: string }>(
    `/api/patient/${Rows[0]!.Id}`,
  );
  return { id: patient.Id, personId: patient.PersonId, name: patient.ScreenName };
}

describeBrowser("a care centre sees the network's access to its client", () => {
  const browser = useBrowser();

  it("shows the pharmacy's read in the Logboek and in the client's access overview, with its PDF", async () => {
    const client = await pharmacyReadsAClient();
    const { context, page } = await browser.newPage();
    await openSignedIn(page, `/management/log?personId=${client.personId}`, 'beheerder');
    await page.waitForURL('**/management/log?personId=*');

    // The Logboek: the pharmacy's read, by organisation and role, no one at the pharmacy named.
    const read = page
      .getByTestId('log-row')
      .filter({ has: page.getByTestId('log-entity').getByText('Apotheek De Linde', { exact: true }) })
      .and(page.locator('[data-object-type="patient"]'));
    await read.first().waitFor();
    expect(await read.first().getByTestId('log-user').textContent()).toBe(
      'Apotheker, BeheerderApotheek De Linde',
    );

    // From the client's medication overview to "Wie heeft dit dossier ingezien".
    await navigate(page, `/amo?patient=${client.id}`);
    await page.getByTestId('amo-access-overview').click();
    await page.waitForURL(`**/management/log/access?patient=${client.id}`);
    expect(await page.getByTestId('access-patient').textContent()).toBe(client.name);
    const access = page
      .getByTestId('access-row')
      .filter({ has: page.getByTestId('access-entity').getByText('Apotheek De Linde', { exact: true }) });
    await access.first().waitFor();
    expect(await access.getByTestId('access-what').allTextContents()).toContain('Gelezen: Cliënt');

    const [pdf, download] = await Promise.all([
      page.waitForResponse((response) =>
        response.url().includes(`/api/log/patients/${client.id}/access/pdf`),
      ),
      page.waitForEvent('download'),
      page.getByTestId('access-pdf').click(),
    ]);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    // The file the browser saves is the server's PDF.
    expect(download.suggestedFilename()).toMatch(/^inzage-dossier-\d+-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) bytes.push(chunk as Buffer);
    expect(Buffer.concat(bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await context.close();
  });
});
