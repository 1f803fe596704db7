import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs } from './support/api.ts';
import { describeBrowser, logIn, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';
import { cardOf, planDoseNow } from './support/dose-now.ts';

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

interface ApiRegistration {
  Status: string;
  AdministeredAt: string | null;
  AwaitingDoubleCheck: boolean;
  RecordedBy: { Username: string };
}
interface ApiMoment {
  Key: string;
  AgreementId: number;
  ScheduledAt: string | null;
  Registrations: ApiRegistration[];
}

/** How many records a store of the portal's offline database holds (read in the page). */
const stored = (page: Page, store: 'queue' | 'lists') =>
  page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('zorgportaal-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) return resolve(0);
          const count = db.transaction(name).objectStore(name).count();
          count.onsuccess = () => (db.close(), resolve(count.result));
        };
      }),
    store,
  );

/** The page is controlled by the portal's service worker (needed for a reload without connection). */
const controlled = (page: Page) =>
  page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    // The first worker claims the open page once active (clientsClaim): wait for that hand-over.
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    return navigator.serviceWorker.controller!.scriptURL;
  });

describeBrowser('the ward round through a Wi-Fi drop (800×1100)', () => {
  const browser = useBrowser();

  it('queues three doses offline (one a risk dose), survives a reload and a logout, sends each once under its own account; a conflict is the nurse’s choice', async () => {
    // Four doses due now on her ward: two plain, one opiate (double check), one a colleague will take.
    const [first, second, risk, taken, wrong] = [
      await planDoseNow(null),
      await planDoseNow(null),
      await planDoseNow(null, { product: 'OXYCODON CAPSULE 5MG' }),
      await planDoseNow(null),
      await planDoseNow(null),
    ];
    const { context, page } = await browser.newPage({ serviceWorkers: 'allow' });
    await page.setViewportSize({ width: 800, height: 1100 });
    const answers: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/administration/registration')
        answers.push(response.status());
    });
    await openSignedIn(page, '/administrationlist', 'verpleegkundige');
    await page.waitForURL('**/administrationlist*');
    await page.locator(cardOf(taken)).waitFor();
    expect(await controlled(page)).toMatch(/\/sw\.js$/);
    // The list is kept for a drop (the department and day on screen).
    await poll(() => stored(page, 'lists')).toBe(1);

    // The Wi-Fi drops: every tap is queued on the card, the risk dose without the colleague.
    await context.setOffline(true);
    await page.getByTestId('offline-indicator').waitFor();
    const tappedBefore = Date.now();
    for (const id of [first, second, risk, taken]) {
      await page.locator(cardOf(id)).getByTestId('give-button').click();
      await poll(() => page.locator(cardOf(id)).getAttribute('data-queue')).toBe('queued');
    }
    // A tap on the wrong card is taken back before it goes out: "Niet verzenden", after a confirmation.
    await page.locator(cardOf(wrong)).getByTestId('give-button').click();
    await poll(() => page.locator(cardOf(wrong)).getAttribute('data-queue')).toBe('queued');
    await page.locator(cardOf(wrong)).getByTestId('queued-withdraw').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Niet verzenden' }).click();
    await poll(() => page.locator(cardOf(wrong)).getAttribute('data-queue')).toBeNull();
    expect(await page.locator(cardOf(wrong)).getByTestId('give-button').isVisible()).toBe(true);
    expect(await page.getByTestId('double-check-at-dose-dialog').count()).toBe(0);
    expect(await page.locator(cardOf(risk)).getByTestId('double-check-follows').textContent()).toBe(
      'Dubbele controle volgt',
    );
    expect(answers).toEqual([]);

    // Meanwhile a colleague registers the fourth dose on another device.
    const colleague = await apiAs('beheerder');
    const takenKey = (await page.locator(cardOf(taken)).getAttribute('data-key'))!;
    await colleague('/api/administration/registration', {
      AgreementId: taken,
      ScheduledAt: takenKey.split('@')[1],
      Status: 'given',
    });

    // A reload in the dead spot: the shell from the service worker, the list and the queue from IndexedDB.
    await page.reload();
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(
      /^Offline — laatst bijgewerkt \d\d:\d\d, 4 registraties wachten$/,
    );
    for (const id of [first, second, risk, taken])
      expect(await page.locator(cardOf(id)).getAttribute('data-queue')).toBe('queued');
    // The banner is in the page's flow above the list, not over a card.
    const bannerBox = (await banner.boundingBox())!;
    const cardBox = (await page.locator(cardOf(first)).boundingBox())!;
    expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(cardBox.y);

    // Logging out asks first; the cached list (patient data) goes, the queue stays.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    expect(await page.getByTestId('logout-unsent').textContent()).toBe(
      '4 registraties nog niet verzonden — toch uitloggen?',
    );
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Uitloggen' }).click();
    await page.waitForURL('**/login');
    expect(await stored(page, 'lists')).toBe(0);
    expect(await stored(page, 'queue')).toBe(4);

    // Back online, another user on the tablet: nothing of hers is shown or sent.
    await context.setOffline(false);
    await logIn(page, 'beheerder');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/administrationlist');
    await page.locator(cardOf(first)).waitFor();
    expect(await page.locator('[data-testid="moment-card"][data-queue]').count()).toBe(0);
    expect(await page.getByTestId('sync-banner').count()).toBe(0);
    expect(answers).toEqual([]);
    expect(await stored(page, 'queue')).toBe(4);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.waitForURL('**/login');

    // She logs in again: the queue is sent in tap order, each once; the colleague's dose is a conflict.
    await logIn(page, 'verpleegkundige');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await poll(async () => answers.length).toBe(4);
    expect(answers).toEqual([201, 201, 201, 409]);
    await poll(() => stored(page, 'queue')).toBe(1);
    await page.goto('/administrationlist');
    const conflict = page.locator(cardOf(taken));
    await poll(() => conflict.getAttribute('data-queue')).toBe('conflict');
    expect(await conflict.getByTestId('queued-conflict').textContent()).toMatch(
      /Intussen geregistreerd door/,
    );

    // On the server: exactly one registration each, hers with the time of the tap, not of sending. The list
    // of the moment's local day (its UTC date is the day before in the first hours after midnight).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(
      new Date(takenKey.split('@')[1]!),
    );
    const list = await colleague<{ Moments: ApiMoment[] }>(
      `/api/administration/list?departmentId=${await page.getByTestId('administration-list').getAttribute('data-department-id')}&date=${day}`,
    );
    const momentOf = (id: number) => list.Moments.find((m) => m.AgreementId === id)!;
    for (const id of [first, second, risk]) {
      const registrations = momentOf(id).Registrations;
      expect(registrations).toHaveLength(1);
      expect(registrations[0]!.RecordedBy.Username).toBe('verpleegkundige');
      const tapped = Date.parse(registrations[0]!.AdministeredAt!);
      expect(tapped).toBeGreaterThanOrEqual(tappedBefore - 1000);
      expect(tapped).toBeLessThan(tappedBefore + 60_000);
    }
    expect(momentOf(risk).Registrations[0]!.AwaitingDoubleCheck).toBe(true);
    expect(momentOf(taken).Registrations.map((r) => r.RecordedBy.Username)).toEqual(['beheerder']);
    // The withdrawn tap never reached the server.
    expect(momentOf(wrong).Registrations).toEqual([]);
    expect(await page.locator(cardOf(risk)).getAttribute('data-state')).toBe('awaiting_check');

    // She keeps the colleague's registration: the queue is empty, the card shows the colleague's.
    await conflict.getByTestId('conflict-keep').click();
    await poll(() => conflict.getAttribute('data-queue')).toBeNull();
    expect(await conflict.getAttribute('data-state')).toBe('given');
    expect(await stored(page, 'queue')).toBe(0);
    await context.close();
    // Three log-ins, an offline reload and the app's precache: more than the 60 s default on a busy machine.
  }, 150_000);

  it('is installable: a manifest with name, icons and standalone display, and a service worker in control', async () => {
    const { context, page } = await browser.newPage({ serviceWorkers: 'allow' });
    await openSignedIn(page, '/dashboard', 'verpleegkundige');
    await page.waitForURL('**/dashboard');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(href!)).json()) as {
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Zorgportaal',
      lang: 'nl',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.headers()['content-type']).toBe('image/png');
    }
    expect(await controlled(page)).toMatch(/\/sw\.js$/);
    // The precache holds the shell and the translations, and never an API answer.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys())
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toEqual(expect.arrayContaining(['/index.html', '/locales/nl.json', '/locales/en.json']));
    expect(cached.filter((path) => path.startsWith('/api/') || path.startsWith('/oauth/'))).toEqual([]);
    await context.close();
  });
});
