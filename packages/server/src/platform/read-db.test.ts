import { describe, expect, it } from 'vitest';
import { replicaUnusable } from './db/replica.ts';
import { cookieValue, pinWindowMs, wroteRecently, wroteToken } from './read-db.ts';

const SECRET = 'x'.repeat(40);
const NOW = 1_800_000_000_000;

describe('the read-your-writes cookie', () => {
  const token = wroteToken(SECRET, 'session-a', NOW + 5000);

  it('holds for its own session until its instant', () => {
    expect(wroteRecently(SECRET, 'session-a', token, NOW)).toBe(true);
    expect(wroteRecently(SECRET, 'session-a', token, NOW + 4999)).toBe(true);
    expect(wroteRecently(SECRET, 'session-a', token, NOW + 5000)).toBe(false);
  });

  it('is refused for another session, another key, a moved instant or a changed signature', () => {
    expect(wroteRecently(SECRET, 'session-b', token, NOW)).toBe(false);
    expect(wroteRecently('y'.repeat(40), 'session-a', token, NOW)).toBe(false);
    const [, signature] = token.split('.');
    expect(wroteRecently(SECRET, 'session-a', `${NOW + 60_000}.${signature}`, NOW)).toBe(false);
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(wroteRecently(SECRET, 'session-a', flipped, NOW)).toBe(false);
    for (const junk of [undefined, '', 'abc', `${NOW + 5000}`, `${NOW + 5000}.`, `${token}.x`])
      expect(wroteRecently(SECRET, 'session-a', junk, NOW)).toBe(false);
  });

  it('is found among other cookies, the last of its name counting', () => {
    expect(cookieValue('a=1; zp_wrote=v1; b=2', 'zp_wrote')).toBe('v1');
    expect(cookieValue('zp_wrote=v1;zp_wrote=v2', 'zp_wrote')).toBe('v2');
    expect(cookieValue('xzp_wrote=v1', 'zp_wrote')).toBeUndefined();
    expect(cookieValue(undefined, 'zp_wrote')).toBeUndefined();
  });

  it('pins the writer to the primary for the allowed lag plus one lag check', () => {
    expect(pinWindowMs(10_000)).toBe(11_000);
  });
});

describe('which replica errors send a statement to the primary', () => {
  it.each([
    [
      'a refused connection (no SQLSTATE)',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    ],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['the replica starting up', { code: '57P03' }],
    ['the replica shutting down', { code: '57P01' }],
    ['a database not replayed yet', { code: '3D000' }],
    ['a read cancelled for recovery', { code: '40001' }],
    ['a write on a read-only standby', { code: '25006' }],
    ['too many connections', { code: '53300' }],
  ])('%s', (_, err) => expect(replicaUnusable(err)).toBe(true));

  it.each([
    ['a syntax error', { code: '42601' }],
    ['a data exception (a 400 on the primary too)', { code: '22P02' }],
    ['a unique violation', { code: '23505' }],
  ])('not %s', (_, err) => expect(replicaUnusable(err)).toBe(false));
});
