import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { scheduleRollOver } from './planned-days.ts';

describe('the planned moments roll-over at start', () => {
  it('is awaited when it is quick: the app answers with the day stored', async () => {
    const app = Fastify();
    let stored = false;
    scheduleRollOver(app, async () => {
      await new Promise((r) => setTimeout(r, 20));
      stored = true;
    });
    await app.ready();
    expect(stored).toBe(true);
    await app.close();
  });

  it('does not keep the app from starting when it takes long (a national database): it goes on behind', async () => {
    const app = Fastify();
    let finish!: () => void;
    let rounds = 0;
    scheduleRollOver(
      app,
      () => {
        rounds++;
        return new Promise<void>((done) => (finish = done));
      },
      50,
    );
    await app.ready(); // would time out (Fastify gives a ready hook 10 s) if the round were awaited
    expect(rounds).toBe(1);
    finish();
    await app.close();
  });

  it('logs a failed round and starts anyway', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => lines.push(line) } } });
    scheduleRollOver(app, () => Promise.reject(new Error('database gone')));
    await app.ready();
    expect(lines.join('')).toContain('planned moments roll-over failed');
    await app.close();
  });
});
