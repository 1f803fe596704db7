import { expect, it } from 'vitest';
import { DEFAULT_ROLES } from '@zorgportaal/contract';
import { axeProblems } from './support/axe.ts';
import { describeBrowser, useBrowser } from './support/browser.ts';
import { openSignedIn } from './support/signed-in.ts';
import { coveredActions, permittedRoutes, routeOpener, sidewaysHidden } from './support/layout.ts';

/**
 * At a desk (1280×800) every screen of every demo role fits: nothing scrolls sideways, every action on it
 * (menu, header, main area) can be reached, i.e. once scrolled into view it is the element at its own centre,
 * and axe finds no serious or critical WCAG 2.x A/AA violation on any route (the tablet's are checked in
 * ward-layout.test.ts).
 */
const DESK = { width: 1280, height: 800 };
/**
 * One account per kind of screen set; the others' permissions are a subset of one of these at the same kind of
 * organisation (the screens show what a permission allows, so a subset shows less): `verpleegkundige`,
 * `tweestaps`, `nieuw` (Verpleegkundige, Verzorgende ⊂ Beheerder), `assistent`, `centrum` (Apothekersassistent,
 * Apotheker ⊂ Apotheker + Beheerder), `anker` and `trombosebeheer` (the same roles at another organisation of the
 * same kind). The account tests also change some of their credentials (a new password, 2FA).
 */
const ROLES = ['beheerder', 'apotheker', 'huisarts', 'trombose', 'praktijkbeheer'];

/** The left-out roles (see ROLES) against the roles of the account that covers them. */
const COVERED_BY: [string[], string[]][] = [
  [['Verpleegkundige', 'Verzorgende'], ['Beheerder']],
  [
    ['Apothekersassistent', 'Apotheker'],
    ['Apotheker', 'Beheerder'],
  ],
];

it('leaves out only roles whose permissions another checked account holds', () => {
  for (const [left, checked] of COVERED_BY) {
    const held = new Set(checked.flatMap((role) => DEFAULT_ROLES[role] ?? []));
    for (const role of left) expect([...(DEFAULT_ROLES[role] ?? [])].filter((p) => !held.has(p))).toEqual([]);
  }
});

describeBrowser('every screen of every role at a desk (1280×800)', () => {
  const browser = useBrowser();
  // axe looks at a route once, with the first role that opens it: its rules are about the markup of the
  // screen, which the roles share (the layout checks run for every role).
  const axeChecked = new Set<string>();
  for (const username of ROLES)
    it(
      `${username}: no sideways scroll, no covered action, no axe violation`,
      { timeout: 120_000 },
      async () => {
        const { context, page } = await browser.newPage();
        await page.setViewportSize(DESK);
        const { openInApp } = routeOpener(page);
        await openSignedIn(page, '/dashboard', username);
        const problems: Record<string, string[]> = {};
        for (const route of await permittedRoutes(page)) {
          await openInApp(route);
          const found = [
            ...(await sidewaysHidden(page)),
            ...(await coveredActions(page)),
            ...(axeChecked.has(route.path) ? [] : await axeProblems(page)),
          ];
          axeChecked.add(route.path);
          if (found.length > 0) problems[route.path] = found;
        }
        expect(problems).toEqual({});
        await context.close();
      },
    );
});
