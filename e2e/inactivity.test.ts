import { expect, it } from 'vitest';
import { describeBrowser, logIn, useBrowser } from './support/browser.ts';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/**
 * Spec §4: 15 minutes without activity log the user out. The page's clock is faked
 * (playwright's page.clock) and moved forward, so the product keeps the spec's durations.
 */
describeBrowser('inactivity on the ward tablet', () => {
  const browser = useBrowser();

  for (const viewport of [
    { width: 800, height: 1100 },
    { width: 1280, height: 800 },
  ]) {
    it(`${viewport.width} px: warns at 14 minutes; "Ingelogd blijven" keeps the session; at 15 the nurse is logged out and returns to her list`, async () => {
      const { context, page } = await browser.newPage();
      await page.setViewportSize(viewport);
      await page.clock.install();
      await page.goto('/administrationlist');
      // The page's clock also runs in real time, from the last activity (logging in) on: what passes until
      // the countdown is read is taken off its minute.
      const startedAt = Date.now();
      await logIn(page, 'verpleegkundige');
      await page.waitForURL('**/administrationlist*');
      await page.getByTestId('administration-list').waitFor();

      // A list with its department and day in the address.
      const listPath = await page.evaluate(async () => {
        const response = await fetch('/api/medication/departments', {
          headers: { Authorization: `Bearer ${sessionStorage.getItem('access_token')}` },
        });
        const { Rows } = (await response.json()) as { Rows: { Id: number }[] };
        const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
        return `/administrationlist?department=${Rows[0]!.Id}&date=${today}`;
      });
      await page.goto(listPath);
      await page.getByTestId('deviation-button').first().waitFor();

      const warning = page.getByTestId('inactivity-warning');
      const countdown = page.getByTestId('inactivity-countdown');

      await page.clock.fastForward('13:30');
      expect(await warning.count()).toBe(0);
      await page.clock.fastForward('00:30');
      await warning.waitFor();
      // One minute left, less the real time the test's own steps took.
      const seconds = Number(
        /^U wordt over (\d+) seconden uitgelogd$/.exec((await countdown.textContent())!)?.[1],
      );
      expect(seconds).toBeGreaterThanOrEqual(60 - Math.ceil((Date.now() - startedAt) / 1000) - 1);
      expect(seconds).toBeLessThanOrEqual(60);
      await page.clock.fastForward('00:10');
      // It counts down live.
      await poll(async () => Number(await countdown.getAttribute('data-seconds'))).toBeLessThanOrEqual(
        seconds - 10,
      );

      // "Ingelogd blijven": the warning goes and the full 15 minutes start again.
      await page.getByRole('button', { name: 'Ingelogd blijven' }).last().click();
      await warning.waitFor({ state: 'hidden' });
      await page.clock.fastForward('05:00');
      expect(page.url()).toContain(listPath);
      expect(await warning.count()).toBe(0);

      // She starts a deviation and walks away with the dialog half-filled.
      await page.getByTestId('deviation-button').first().click();
      const dialog = page.getByTestId('registration-dialog');
      await dialog.getByTestId('status-option-refused').waitFor();
      await dialog.getByTestId('status-option-refused').click();
      await page.clock.fastForward('14:00');
      await warning.waitFor();
      await page.clock.fastForward('01:00');
      await page.waitForURL('**/login');

      // Logging in again brings her back to the same list (department and day), and she is told that
      // the deviation was not saved.
      await logIn(page, 'verpleegkundige');
      await poll(async () => {
        const url = new URL(page.url());
        return `${url.pathname}${url.search}`;
      }).toBe(listPath);
      await page
        .getByText('Wat u invulde in "Afwijking registreren" is bij het uitloggen niet opgeslagen.', {
          exact: false,
        })
        .waitFor();
      await context.close();
    });
  }
});
