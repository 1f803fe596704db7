import { existsSync, rmSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/**
 * A local-only control channel: an HTTP server on a Unix socket inside DATA_DIR (mode 0600), so only the
 * operator's user on this machine reaches it. `npm run backup` asks the running portal through it, because
 * the embedded database can be opened by one process only.
 */
export const controlSocketPath = (dataDir: string): string => path.join(dataDir, 'control.sock');

export type BackupHandler = (outDir: string | undefined) => Promise<string>;

export async function startControlChannel(
  dataDir: string,
  backup: BackupHandler,
): Promise<() => Promise<void>> {
  const socket = controlSocketPath(dataDir);
  // A socket left by a killed process would make listen fail; only our own process uses this path.
  if (existsSync(socket)) rmSync(socket, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const { out } = (body ? JSON.parse(body) : {}) as { out?: string };
      backup(out).then(
        (file) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ file })),
        (err: unknown) =>
          res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: err instanceof Error ? err.message : 'backup failed' })),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  await chmod(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socket, { force: true });
    });
}

/** Asks the running portal for a backup. Rejects with code 'NOT_RUNNING' when no portal listens. */
export function requestBackup(dataDir: string, out?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: controlSocketPath(dataDir), path: '/backup', method: 'POST', timeout: 10 * 60_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const parsed = JSON.parse(text || '{}') as { file?: string; error?: string };
          if (res.statusCode === 200 && parsed.file) resolve(parsed.file);
          else reject(new Error(parsed.error ?? `backup failed (${res.statusCode})`));
        });
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') {
        reject(Object.assign(new Error('no running portal'), { code: 'NOT_RUNNING' }));
      } else reject(err);
    });
    req.end(JSON.stringify({ out }));
  });
}

/** True when a portal listens on DATA_DIR's control channel: then its database must not be opened elsewhere. */
export function portalRunning(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(controlSocketPath(dataDir));
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
