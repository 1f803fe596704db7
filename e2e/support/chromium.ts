import { existsSync } from 'node:fs';

/**
 * Chromium features turned off. Each new browser context opens a window whose address bar preloads a WebUI
 * popup in a renderer of its own (chrome://omnibox-popup.top-chrome): about a quarter of the CPU of a test's
 * login and first screen, for a bar no test uses. Chromium reads only the last --disable-features, so this
 * list repeats the features Playwright turns off itself (playwright-core's chromium switches).
 */
const DISABLED_FEATURES = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  // Playwright's own list:
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'ThirdPartyStoragePartitioning',
];

/** The flags this workplace's closed network needs (no background traffic, no sandbox as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

/** Debian's Chromium, or CHROME_PATH. Never a downloaded browser. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium'].filter(Boolean) as string[];
  return candidates.find((path) => existsSync(path)) ?? null;
}
