import type { Page, Request } from 'playwright-core';

/**
 * Waits until a page has shown what it fetched: no API call in flight for `quietMs` and no skeleton
 * or loader on screen. Faster than playwright's `networkidle` (a fixed 500 ms of silence) and blind
 * to the live message stream, which never ends by design.
 */
export function trackApiCalls(page: Page) {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const isApiCall = (request: Request) => {
    const { pathname } = new URL(request.url());
    return (pathname.startsWith('/api/') || pathname.startsWith('/oauth/')) && !pathname.endsWith('/events');
  };
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (!isApiCall(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  return async function settled(quietMs = 75): Promise<void> {
    const start = Date.now();
    const deadline = start + 15_000;
    for (;;) {
      // Quiet for quietMs counted from the call too: a request the page is about to make gets that long to start.
      const quiet = inFlight.size === 0 && Date.now() - Math.max(lastChange, start) >= quietMs;
      if (quiet && (await page.locator('.mantine-Skeleton-root, .mantine-Loader-root').count()) === 0) return;
      if (Date.now() > deadline)
        throw new Error(`still loading: ${[...inFlight].map((r) => r.url()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
}

/** Client-side navigation, as a click on a menu link does it: the app (and anything injected) stays loaded. */
export const navigate = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
