import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../seed/demo-data.ts';
import { newPersonBody } from '../../../../test/helpers/persons.ts';
import { embeddedDataDir } from '../../../../test/helpers/test-database.ts';
import { builtServer } from '../../../../test/helpers/built-server.ts';

/**
 * Durability of the embedded database: the portal (the built bundle) runs as a child process on PGlite in a temporary
 * DATA_DIR, a writer creates persons through the API, the process is killed with SIGKILL while
 * writes are in flight, restarted on the same directory, and every acknowledged (201) write must be
 * there. Runs once, on the PGlite project (the PostgreSQL project has no embedded database to kill).
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const KILL_CYCLES = 1;
const WRITERS = 4;
const WRITE_MS = 2000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startPortal(builtDir: string, dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, [path.join(builtDir, 'main.js')], {
    cwd: serverDir,
    // No warm-up: each start here is about what survived the kill, not about its first requests' speed.
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      WARM_UP: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForReady(base: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the portal exited with code ${child.exitCode}`);
    const ok = await fetch(`${base}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the portal did not become ready');
}

async function token(base: string): Promise<string> {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: '1',
      product_id: '1',
      username: 'beheerder',
      password: DEMO_PASSWORD,
    }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Creates persons until stopped; returns the ids the server acknowledged with 201. */
async function writeUntil(base: string, bearer: string, stop: { now: boolean }, cycle: number) {
  const acknowledged: number[] = [];
  const writer = async (w: number) => {
    for (let i = 0; !stop.now; i++) {
      try {
        const res = await fetch(`${base}/api/person`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify(newPersonBody(`Duurzaam-${cycle}-${w}-${i}`)),
        });
        if (res.status === 201) acknowledged.push(((await res.json()) as { Id: number }).Id);
      } catch {
        return; // the process was killed: unacknowledged writes may or may not be there
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return acknowledged;
}

describe.skipIf(process.env.TEST_DB === 'postgres')('durability on the embedded database (SIGKILL)', () => {
  // Made in beforeAll, not while collecting: a skipped suite (the PostgreSQL project) runs no afterAll.
  let dataDir = '';
  let child: ChildProcess | null = null;
  let builtDir = '';
  // The portal starts on a copy of the seeded template: it has nothing to migrate or seed.
  beforeAll(async () => {
    builtDir = await builtServer();
    dataDir = mkdtempSync(path.join(tmpdir(), 'zp-durability-'));
    const database = await embeddedDataDir(dataDir, { seed: true });
    await database.close();
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`loses no acknowledged write over ${KILL_CYCLES} kill(s)`, async () => {
    const acknowledged: number[] = [];
    for (let cycle = 0; cycle < KILL_CYCLES; cycle++) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      child = startPortal(builtDir, dataDir, port);
      await waitForReady(base, child);
      const bearer = await token(base);
      const stop = { now: false };
      const writing = writeUntil(base, bearer, stop, cycle);
      await new Promise((r) => setTimeout(r, WRITE_MS));
      // Killed while writes are in flight: no graceful shutdown, no flush.
      const exited = new Promise((r) => child!.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      stop.now = true;
      const acked = await writing;
      expect(acked.length).toBeGreaterThan(0);
      acknowledged.push(...acked);
    }

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = startPortal(builtDir, dataDir, port);
    await waitForReady(base, child);
    const bearer = await token(base);
    const lost: number[] = [];
    for (const id of acknowledged) {
      const res = await fetch(`${base}/api/person/${id}`, { headers: { authorization: `Bearer ${bearer}` } });
      if (res.status !== 200) lost.push(id);
    }
    expect(lost).toEqual([]);
    child.kill('SIGTERM');
  }, 180_000);
});
