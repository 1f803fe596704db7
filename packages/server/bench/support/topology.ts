import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';

const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const mainJs = join(repoRoot, 'packages/server/dist/main.js');
const haproxyConfig = join(repoRoot, 'deploy/haproxy/haproxy.cfg');

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A process of the topology: where it listens, a clean stop, and a kill without goodbye. */
export interface Running {
  address: string;
  stop(): Promise<void>;
  kill(): void;
}

/** Debian's haproxy, or HAPROXY_PATH. */
export const findHaproxy = (): string | null =>
  [process.env.HAPROXY_PATH, '/usr/sbin/haproxy'].find((p): p is string => Boolean(p && existsSync(p))) ??
  null;

function running(child: ChildProcess, address: string): Running {
  const exited = new Promise((done) => child.once('exit', done));
  return {
    address,
    kill: () => child.kill('SIGKILL'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Polls `url` until it answers 200, or fails after `timeoutMs` (or when the process exits). */
async function until200(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    const ok = await fetch(url).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * A built portal process (packages/server/dist/main.js) on `port` and its own data directory, quiet but for
 * warnings on stderr; `env` adds to or overrides the environment.
 */
export function spawnPortal(port: number, dataDir: string, env: Record<string, string>): ChildProcess {
  // PORTAL_CPU_PROF_DIR=dir writes each instance's CPU profile there when it ends (Node refuses --cpu-prof in
  // NODE_OPTIONS); a killed instance writes none.
  const profile = process.env.PORTAL_CPU_PROF_DIR;
  const args = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, mainJs] : [mainJs];
  return spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** One built instance on a free port, ready when this resolves. */
export async function startInstance(env: Record<string, string>, dataDir: string): Promise<Running> {
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const child = spawnPortal(port, dataDir, env);
  // A start warms up before it listens (WARM_UP): at the national size, every ward's list (about a minute).
  await until200(`http://127.0.0.1:${port}/health/ready`, child, 300_000);
  return running(child, `127.0.0.1:${port}`);
}

/**
 * HAProxy with the checked-in configuration in front of `instances`, ready when it routes /health/ready.
 * `extraConfig`: further configuration files (a test's admin socket).
 */
export async function startHaproxy(
  binary: string,
  bind: string,
  instances: string[],
  extraConfig: string[] = [],
): Promise<Running> {
  const files = [haproxyConfig, ...extraConfig].flatMap((file) => ['-f', file]);
  const child = spawn(binary, ['-db', ...files], {
    env: {
      ...process.env,
      ZP_PROXY_BIND: bind,
      ...Object.fromEntries(instances.map((address, i) => [`ZP_INSTANCE_${i + 1}`, address])),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await until200(`http://${bind}/health/ready`, child, 20_000);
  return running(child, bind);
}
