import { rmSync } from 'node:fs';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseURL, describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';
import { cardOf } from './support/dose-now.ts';
import { launchWithCamera, videoPath, writeDataMatrixVideo } from './support/fake-camera.ts';
import { planSachetNow } from './support/scan-world.ts';

/** Opens the nurse's list on the tablet at the card of the world's dose, with its scanner open. */
async function openScanner(page: Page, agreementId: number) {
  await openSignedIn(page, '/administrationlist', 'verpleegkundige');
  const card = page.locator(cardOf(agreementId));
  await card.scrollIntoViewIfNeeded();
  await card.getByTestId('scan-button').click();
  await card.getByTestId('scan-panel').waitFor();
  return card;
}

/**
 * The check a read code sends. The camera's frames are decoded in the page: on a machine whose two cores also
 * run the API suites that once took more than 15 s, so that wait has its own, longer limit.
 */
const scanChecked = (page: Page, timeout?: number) =>
  page.waitForResponse((r) => r.url().endsWith('/api/administration/scan-check'), { timeout });
const CAMERA_READ_MS = 60_000;

/**
 * Scan to check at the bedside on the tablet (800 px), for one dose due now from a Baxter sachet. With
 * the camera: a Chromium of its own whose fake camera shows the sachet's DataMatrix (made by bwip-js) →
 * ready. With a hand scanner in keyboard mode (a burst of keys ending in Enter): a sachet of another client
 * blocks "Gegeven" and says whose it is; the client's own sachet → given in one tap.
 */
describeBrowser('scanning a sachet at the bedside', () => {
  const browser = useBrowser();
  let world: Awaited<ReturnType<typeof planSachetNow>>;

  it(
    'camera: the sachet DataMatrix in view → checked and ready',
    { timeout: 2 * CAMERA_READ_MS },
    async () => {
      // Chromium starts while the world is made: it reads the video only when the page asks for the camera.
      const video = videoPath();
      const launching = launchWithCamera(video);
      world = await planSachetNow();
      writeDataMatrixVideo(video, world.rightSachet);
      const camera = await launching;
      try {
        const context = await camera.newContext({
          baseURL: baseURL(),
          locale: 'nl-NL',
          timezoneId: 'Europe/Amsterdam',
          reducedMotion: 'reduce',
          viewport: { width: 800, height: 1100 },
          permissions: ['camera'],
        });
        const page = await context.newPage();
        page.setDefaultTimeout(15_000);
        const card = await openScanner(page, world.agreementId);
        const checked = scanChecked(page, CAMERA_READ_MS);
        await card.getByTestId('scan-camera-toggle').click();
        expect((await checked).status()).toBe(200);
        await expect.poll(() => card.getByTestId('scan-result').getAttribute('data-passed')).toBe('true');
        // The camera stops once a code is read.
        expect(await card.getByTestId('scan-camera').count()).toBe(0);
      } finally {
        await camera.close();
        rmSync(video, { force: true });
      }
    },
  );

  it('hand scanner: wrong client → blocked with whose sachet it is; right sachet → given in one tap', async () => {
    const { context, page } = await browser.newPage();
    await page.setViewportSize({ width: 800, height: 1100 });
    const card = await openScanner(page, world.agreementId);
    const give = card.getByTestId('give-button');
    const scan = async (code: string) => {
      const checked = scanChecked(page);
      await page.keyboard.type(`${code}\n`);
      expect((await checked).status()).toBe(200);
    };

    await scan(world.otherClientSachet);
    const result = card.getByTestId('scan-result');
    await expect.poll(() => result.getAttribute('data-passed')).toBe('false');
    expect(await result.textContent()).toContain(`Dit zakje is van ${world.otherClientName}, niet van`);
    expect(await give.isDisabled()).toBe(true);
    expect(await card.getByTestId('scan-deviation').isEnabled()).toBe(true);

    await scan(world.rightSachet);
    await expect.poll(() => result.getAttribute('data-passed')).toBe('true');
    expect(await give.getAttribute('data-scan')).toBe('passed');
    // The scan's message lies in the card: "Gegeven" is still the element under the finger.
    const box = (await give.boundingBox())!;
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="give-button"]') !== null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit).toBe(true);

    const registered = page.waitForResponse((r) => r.url().endsWith('/api/administration/registration'));
    await give.click();
    expect((await registered).status()).toBe(201);
    await expect.poll(() => card.getAttribute('data-state')).toBe('given');
    await context.close();
  });
});
