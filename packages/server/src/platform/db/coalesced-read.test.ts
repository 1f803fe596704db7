import { describe, expect, it } from 'vitest';
import { coalescedRead } from './coalesced-read.ts';

/** A read whose every call waits until the test lets it finish, recording the keys it was given. */
function heldRead() {
  const calls: { keys: readonly number[]; finish: () => void; fail: (error: Error) => void }[] = [];
  let value = 0;
  const read = (keys: readonly number[]) =>
    new Promise<Map<number, string>>((resolve, reject) => {
      // What the read sees is what was written when it started.
      const seen = value;
      calls.push({
        keys,
        finish: () => resolve(new Map(keys.map((key) => [key, `${key}@${seen}`]))),
        fail: reject,
      });
    });
  return { read, calls, write: () => value++ };
}

describe('coalesced reads', () => {
  it('reads a lone key at once', async () => {
    const held = heldRead();
    const get = coalescedRead(held.read);
    const answer = get(7);
    expect(held.calls.map((c) => c.keys)).toEqual([[7]]);
    held.calls[0]!.finish();
    expect(await answer).toBe('7@0');
  });

  it('reads the keys asked during a read together, in the next read, after what was written meanwhile', async () => {
    const held = heldRead();
    const get = coalescedRead(held.read);
    const first = get(1);
    held.write(); // committed after the first read started, before the next asks
    const asked = [get(2), get(3), get(2), get(1)];
    expect(held.calls).toHaveLength(1);
    held.calls[0]!.finish();
    expect(await first).toBe('1@0');
    expect(held.calls.map((c) => c.keys)).toEqual([[1], [2, 3, 1]]);
    held.calls[1]!.finish();
    // Key 1 asked again is not answered by the read that started before it was asked.
    expect(await Promise.all(asked)).toEqual(['2@1', '3@1', '2@1', '1@1']);
  });

  it('rejects only the keys of a failed read, and reads the next ones', async () => {
    const held = heldRead();
    const get = coalescedRead(held.read);
    const failed = get(1);
    const later = get(2);
    held.calls[0]!.fail(new Error('database gone'));
    await expect(failed).rejects.toThrow('database gone');
    held.calls[1]!.finish();
    expect(await later).toBe('2@0');
  });

  it('puts at most maxKeys in one read', async () => {
    const held = heldRead();
    const get = coalescedRead(held.read, 2);
    const asked = [get(1), get(2), get(3), get(4)];
    held.calls[0]!.finish();
    await asked[0];
    held.calls[1]!.finish();
    await Promise.all(asked.slice(1, 3));
    held.calls[2]!.finish();
    await asked[3];
    expect(held.calls.map((c) => c.keys)).toEqual([[1], [2, 3], [4]]);
  });
});
