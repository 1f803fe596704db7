/**
 * Bench: what the browser transfers to show /login, against the built and started portal
 * (`npm run build` first). Chromium with the cache off counts transferSize (compressed bytes plus
 * headers) of every script; the goal is ≤ 120 KB. Also lists every text answer over 1 KB that came
 * without Content-Encoding (the goal is none).
 * Run: npx tsx packages/server/bench/web-transfer.ts
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, spawnPortal } from './support/topology.ts';

// The same flags and browser as the e2e tests (e2e/support/chromium.ts): never a downloaded browser.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const executablePath = [process.env.CHROME_PATH, '/usr/bin/chromium'].find(
  (p): p is string => !!p && existsSync(p),
);

const GOAL_KB = 120;
const root = path.resolve(import.meta.dirname, '../../..');
const main = path.join(root, 'packages/server/dist/main.js');

async function waitForReady(baseURL: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 360; i++) {
    if (server.exitCode !== null) throw new Error(`the portal exited with ${server.exitCode}`);
    const ok = await fetch(`${baseURL}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the portal was not ready within 90 s');
}

interface Transfer {
  url: string;
  type: string;
  transferSize: number;
  decodedBodySize: number;
}

async function measure(baseURL: string, executablePath: string) {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const encodings = new Map<string, { encoding?: string; type?: string }>();
    page.on('response', (res) => {
      const headers = res.headers();
      encodings.set(res.url(), { encoding: headers['content-encoding'], type: headers['content-type'] });
    });
    await page.goto(`${baseURL}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button').first().waitFor();
    const entries = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => {
        const r = e as unknown as {
          name: string;
          initiatorType: string;
          transferSize: number;
          decodedBodySize: number;
        };
        return {
          url: r.name,
          type: r.initiatorType,
          transferSize: r.transferSize,
          decodedBodySize: r.decodedBodySize,
        };
      }),
    );
    return { entries: entries as Transfer[], encodings };
  } finally {
    await browser.close();
  }
}

async function main_() {
  if (!existsSync(main) || !executablePath) {
    console.log('/login transfer: skipped (needs `npm run build` and /usr/bin/chromium)');
    return;
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zp-bench-web-'));
  const server = spawnPortal(port, dataDir, { DATABASE_URL: '' });
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(baseURL, server);
    const { entries, encodings } = await measure(baseURL, executablePath);
    const scripts = entries.filter((e) => /\.m?js(\?|$)/.test(new URL(e.url).pathname));
    const js = scripts.reduce((sum, e) => sum + e.transferSize, 0);
    const decoded = scripts.reduce((sum, e) => sum + e.decodedBodySize, 0);
    for (const e of scripts.sort((a, b) => b.transferSize - a.transferSize)) {
      console.log(`  ${(e.transferSize / 1024).toFixed(1).padStart(7)} KB  ${new URL(e.url).pathname}`);
    }
    const uncompressed = [...encodings.entries()].filter(([url, info]) => {
      const entry = entries.find((e) => e.url === url);
      return (
        !info.encoding &&
        /text|json|javascript|css|svg/.test(info.type ?? '') &&
        (entry?.decodedBodySize ?? 0) > 1024
      );
    });
    const kb = js / 1024;
    console.log(
      `${'/login JavaScript transferred (Chromium, cache off)'.padEnd(56)} ${kb.toFixed(1)} KB in ${scripts.length} files (${(decoded / 1024).toFixed(0)} KB decoded)   goal ≤ ${GOAL_KB} KB   ${kb <= GOAL_KB ? 'met' : 'NOT met'}`,
    );
    console.log(
      `${'/login text answers over 1 KB without compression'.padEnd(56)} ${uncompressed.length}   goal 0   ${uncompressed.length === 0 ? 'met' : 'NOT met'}`,
    );
    for (const [url] of uncompressed) console.log(`  uncompressed: ${url}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main_();
