import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PROTECTED_ROUTES, routePermitted, type ProtectedRoute } from '@zorgportaal/contract';
import { navigate, trackApiCalls } from './settle.ts';

/** The page's Dutch title (its h1), from the locale file the app reads. */
const nl = JSON.parse(
  readFileSync(new URL('../../packages/web/public/locales/nl.json', import.meta.url), 'utf8'),
) as { routes: Record<string, string> };
export const titleOf = (route: ProtectedRoute) => nl.routes[route.titleKey.replace(/^routes\./, '')]!;

/**
 * Opening routes the way a user does, waiting until each shows its data: `open` loads the page, `openInApp`
 * follows a menu link without a reload (so anything injected, such as axe, stays loaded).
 */
export function routeOpener(page: Page) {
  const settled = trackApiCalls(page);

  /** Waits until the route's heading is shown and its data has loaded (the AMO with a client chosen). */
  async function showsRoute(path: string) {
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    if (path === '/amo') {
      await page.getByTestId('patient-picker').click();
      await page.getByRole('option').first().click();
      await page.getByTestId('agreements-current').or(page.getByTestId('amo-empty')).waitFor();
    }
    await settled();
  }

  async function open(path: string) {
    await page.goto(path);
    await showsRoute(path);
  }

  /** After a page with the same title a reload makes sure the new page is the one shown. */
  async function openInApp(route: ProtectedRoute) {
    const title = titleOf(route);
    const shown = await page.getByRole('heading', { level: 1 }).first().textContent();
    if (shown === title) return open(route.path);
    await navigate(page, route.path);
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    await showsRoute(route.path);
  }

  return { open, openInApp };
}

/** The routes the logged-in account may open (the menu's rule), read from its session. */
export async function permittedRoutes(page: Page): Promise<ProtectedRoute[]> {
  const { permissions, entityType } = await page.evaluate(() => ({
    permissions: (
      JSON.parse(window.sessionStorage.getItem('account') ?? '{}') as { Permissions?: { name: string }[] }
    ).Permissions?.map((p) => p.name),
    entityType: window.sessionStorage.getItem('entity_type'),
  }));
  return PROTECTED_ROUTES.filter((route) =>
    routePermitted(route, permissions ?? [], (entityType ?? 'customer') as 'customer'),
  );
}

/** Elements inside the main area whose content is wider than their box (hidden behind a sideways scroll). */
export const sidewaysHidden = (page: Page) =>
  page.evaluate(() => {
    const main = document.getElementById('main')!;
    const scrollers = [main, ...main.querySelectorAll<HTMLElement>('*')].filter((element) => {
      const style = getComputedStyle(element);
      // A switch's track clips its own sliding thumb by design, and the network diagram is a canvas one pans
      // (fitted to its box when it opens): neither hides content.
      if (element.classList.contains('mantine-Switch-track') || element.classList.contains('react-flow'))
        return false;
      const scrolls = element === main || ['auto', 'scroll', 'hidden'].includes(style.overflowX);
      return scrolls && element.clientWidth > 2 && element.scrollWidth > element.clientWidth + 1;
    });
    const pageWide = document.documentElement.scrollWidth > document.documentElement.clientWidth + 1;
    return [
      ...(pageWide ? ['document'] : []),
      ...scrollers.map(
        (e) =>
          `${e.tagName.toLowerCase()}${e.dataset.testid ? `[${e.dataset.testid}]` : ''}.${e.className} "${e.textContent?.slice(0, 60)}" ${e.scrollWidth}>${e.clientWidth}`,
      ),
    ];
  });

/**
 * Actions (buttons, links, fields) in the menu and the main area that a user cannot reach: once scrolled into
 * view, the element at the action's centre is something else (another table over it, a clipped box).
 */
export const coveredActions = (page: Page) =>
  page.evaluate(() => {
    const roots = [
      document.getElementById('main'),
      document.querySelector('.mantine-AppShell-navbar'),
      document.querySelector('.mantine-AppShell-header'),
    ].filter((root): root is HTMLElement => root !== null);
    const selector =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"]';
    const describe = (e: Element) =>
      `${e.tagName.toLowerCase()}${e instanceof HTMLElement && e.dataset.testid ? `[${e.dataset.testid}]` : ''} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
    // Below the fixed header and above the bottom edge: an action whose centre is there needs no scrolling.
    const top = (document.querySelector('.mantine-AppShell-header')?.getBoundingClientRect().bottom ?? 0) + 8;
    const bottom = window.innerHeight - 8;
    // A link that wraps: the centre of its first line (the centre of the whole box may fall between words).
    const centre = (action: HTMLElement) => {
      const box = action.getClientRects()[0] ?? action.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    };
    const covered: string[] = [];
    for (const root of roots) {
      for (const action of root.querySelectorAll<HTMLElement>(selector)) {
        if (!action.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        // The skip link waits off screen until it has the focus.
        if (action.dataset.testid === 'skip-link') continue;
        const box = action.getBoundingClientRect();
        // Visually hidden helpers (native inputs under a styled box) are not targets.
        if (box.width < 2 || box.height < 2) continue;
        let { x, y } = centre(action);
        // Scrolled only when out of view: a long list is then checked a screen at a time.
        if (y < top || y > bottom || x < 0 || x > window.innerWidth) {
          action.scrollIntoView({ block: 'center', inline: 'nearest' });
          ({ x, y } = centre(action));
        }
        const outside = x < 0 || x > window.innerWidth || y < 0 || y > window.innerHeight;
        const hit = outside ? null : document.elementFromPoint(x, y);
        const reachable =
          hit !== null &&
          (hit === action ||
            action.contains(hit) ||
            (hit instanceof HTMLLabelElement && hit.control === action) ||
            hit.closest('label')?.contains(action) === true);
        if (!reachable)
          covered.push(`${describe(action)} under ${hit ? describe(hit) : 'nothing (off screen)'}`);
      }
    }
    window.scrollTo(0, 0);
    return covered;
  });
