import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';

/** The shared server is busy (one build, several suites): allow a few seconds for a change to show. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** A call to the portal's API with the logged-in page's token. */
const callApi = (page: Page, method: string, path: string, body?: unknown) =>
  page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${sessionStorage.getItem('access_token')}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as unknown };
    },
    { method, path, body },
  );

describeBrowser('coumarin scheme and agreement mismatch', () => {
  const browser = useBrowser();

  for (const viewport of [
    { width: 800, height: 1100 },
    { width: 1280, height: 900 },
  ]) {
    it(`${viewport.width} px: flags a coumarin agreement without a dosage scheme on the Trombosedashboard, the Doseerschema and the AMO`, async () => {
      // Het Anker (served by the trombosis service, no schemes in the demo) starts fenprocoumon for a
      // client: an agreement the service has not dosed. Stopped again at the end, so the demo stays intact.
      const anker = await browser.newPage();
      await anker.page.setViewportSize(viewport);
      await openSignedIn(anker.page, '/', 'anker');
      await anker.page.waitForURL('**/dashboard');
      const patients = (await callApi(anker.page, 'GET', '/api/trombosis/patients')).json as {
        Rows: { Id: number; ScreenName: string; Drug: string | null }[];
      };
      const patient = patients.Rows.find((p) => p.Drug === null)!;
      const catalogue = (await callApi(anker.page, 'GET', '/api/medication/catalogue?q=fenprocoumon'))
        .json as {
        Rows: { Id: number; Name: string }[];
      };
      const fenprocoumon = catalogue.Rows.find((m) => m.Name === 'FENPROCOUMON TABLET 3MG')!;
      const created = await callApi(anker.page, 'POST', '/api/medication/agreement', {
        PatientId: patient.Id,
        MedicationId: fenprocoumon.Id,
        Prescriber: 'dr. Test',
        Type: 'continuous',
        Start: new Date().toISOString().slice(0, 10),
        Instructions: { DoseUnit: 'tablet', Moments: [{ Time: '18:00', Dose: 1 }] },
        DistributionForm: 'loose',
      });
      expect(created.status).toBe(201);
      const agreementId = (created.json as { Id: number }).Id;

      try {
        // The client's AMO shows the flag to the care centre.
        await anker.page.goto(`/amo?patient=${patient.Id}`);
        const amoFlag = anker.page.getByTestId('coumarin-mismatch');
        await amoFlag.waitFor();
        expect(await amoFlag.getAttribute('data-kind')).toBe('agreementWithoutScheme');
        expect(await amoFlag.textContent()).toContain('Cumarine-afspraak zonder doseerschema');

        // The trombosis service sees the client in the dashboard's list and follows the link to the scheme.
        const { context, page } = await browser.newPage();
        await page.setViewportSize(viewport);
        await openSignedIn(page, '/', 'trombose');
        await page.waitForURL('**/dashboard');
        await page.goto('/zp/trombosisservice/dashboard');
        const list = page.getByTestId('mismatch-list');
        await list.waitFor();
        const alert = list.getByTestId('coumarin-mismatch').filter({ hasText: patient.ScreenName });
        await poll(() => alert.count()).toBe(1);
        expect(await alert.getAttribute('data-kind')).toBe('agreementWithoutScheme');
        await alert.getByRole('link', { name: `Naar het doseerschema – ${patient.ScreenName}` }).click();
        await page.waitForURL(`**/dosagescheme?patient=${patient.Id}`);
        const schemeFlag = page.getByTestId('dosage-scheme').getByTestId('coumarin-mismatch');
        await schemeFlag.waitFor();
        expect(await schemeFlag.textContent()).toContain('Cumarine-afspraak zonder doseerschema');
        expect(await schemeFlag.textContent()).toContain('Fenprocoumon 3 mg');
        await context.close();
      } finally {
        const stopped = await callApi(anker.page, 'POST', `/api/medication/agreement/${agreementId}/stop`, {
          StopType: 'stopped',
          Reason: 'Testafspraak',
        });
        expect(stopped.status).toBe(200);
        await anker.context.close();
      }
    });
  }
});
