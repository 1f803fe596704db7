import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAttempts } from '../../schema.ts';
import { freshIp, loginForm, postForm, waitFor } from '../../../test/helpers/account-security.ts';
import { buildTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

/**
 * A Redis that hangs instead of refusing (stopped process, network black hole): it accepted the
 * connection and answered the client's set-up, then never answers again. Each command is given up
 * after 1 s, and after the first timeout the counters live in the database until Redis answers a
 * probe again, so only the login that met the outage waits for it.
 */
describe('REDIS_URL set but Redis hangs', () => {
  let t: TestApp;
  let server: Server;
  const sockets = new Set<Socket>();
  /** Commands sent to the fake Redis after its set-up, as text. */
  const commands: string[] = [];
  beforeAll(async () => {
    server = createServer((socket) => {
      sockets.add(socket);
      let ready = false;
      socket.on('data', (data) => {
        // One chunk may carry several commands (the client pipelines its set-up): answer each one.
        for (const command of data
          .toString()
          .toLowerCase()
          .split(/(?=\*\d+\r\n\$)/)) {
          if (!command) continue;
          if (ready) commands.push(command);
          else if (command.includes('setinfo')) socket.write('+OK\r\n');
          else if (command.includes('info')) {
            ready = true;
            const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
            socket.write(`$${Buffer.byteLength(info)}\r\n${info}\r\n`);
          }
        }
      });
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await buildTestApp({ config: { redisUrl: `redis://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives Redis one command timeout, then counts in the database without asking it per login', async () => {
    // The readiness check pings Redis only once the client is connected and ready: wait for that ping.
    await waitFor(async () => {
      await t.app.inject({ method: 'GET', url: '/health/ready' });
      return commands.some((c) => c.includes('ping')) ? true : null;
    });
    const ip = freshIp();
    const started = Date.now();
    const first = await postForm(t.app, '/oauth/token', loginForm('assistent', 'fout-fout-fout'), ip);
    // Loose on purpose: one 1 s timeout plus the login itself; before, each of ~5 commands waited 1 s.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(first.statusCode).toBe(401);
    const loginCommands = () => commands.filter((c) => c.includes('login')).length;
    const seenAfterFirst = loginCommands();
    expect(seenAfterFirst).toBeGreaterThan(0);

    // The next logins never reach Redis (only a background probe may), and the lockout still holds.
    for (let i = 0; i < 8; i++)
      expect(
        (await postForm(t.app, '/oauth/token', loginForm('assistent', 'fout-fout-fout'), ip)).statusCode,
      ).toBe(401);
    const tenth = await postForm(t.app, '/oauth/token', loginForm('assistent', 'fout-fout-fout'), ip);
    expect(tenth.statusCode).toBe(429);
    expect(loginCommands()).toBe(seenAfterFirst);
    const rows = await t.db.select({ key: authAttempts.key }).from(authAttempts);
    expect(rows.map((r) => r.key)).toContain('l:login:user:assistent');
    expect((await postForm(t.app, '/oauth/token', loginForm('apotheker'), freshIp())).statusCode).toBe(200);
  });
});
