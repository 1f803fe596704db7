import { describe, expect, it } from 'vitest';
import { microBatch } from './micro-batch.ts';

/** A batch runner whose every run waits until the test lets it finish, recording the items it was given. */
function heldRun() {
  const runs: { items: readonly string[]; finish: () => void }[] = [];
  const run = (items: readonly string[]) =>
    new Promise<(item: string) => string>((resolve) => {
      runs.push({
        items,
        finish: () =>
          resolve((item) => {
            if (item.startsWith('bad')) throw new Error(`no answer for ${item}`);
            return `${item}:${items.length}`;
          }),
      });
    });
  return { run, runs };
}

describe('micro-batches', () => {
  it('fills a batch by size: what would pass the limit waits, an item larger than it goes alone', async () => {
    const held = heldRun();
    const ask = microBatch(held.run, 5, (item) => item.length);
    const asked = ['a', 'bb', 'ccc', 'dd', 'eeeeeeee', 'f'].map(ask);
    for (let i = 0; i < 4; i++) {
      held.runs[i]!.finish();
      await new Promise((r) => setImmediate(r));
    }
    expect(held.runs.map((r) => r.items)).toEqual([['a'], ['bb', 'ccc'], ['dd'], ['eeeeeeee'], ['f']]);
    held.runs[4]!.finish();
    expect(await Promise.all(asked)).toEqual(['a:1', 'bb:2', 'ccc:2', 'dd:1', 'eeeeeeee:1', 'f:1']);
  });

  it("rejects only the item its batch's answer refuses", async () => {
    const held = heldRun();
    const ask = microBatch(held.run, 10);
    const first = ask('x');
    const together = [ask('bad one'), ask('y')];
    held.runs[0]!.finish();
    expect(await first).toBe('x:1');
    held.runs[1]!.finish();
    const [bad, good] = await Promise.allSettled(together);
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('no answer for bad one') });
    expect(good).toEqual({ status: 'fulfilled', value: 'y:2' });
  });

  it('with gatherATurn, a lone item waits a turn of the event loop for the items asked meanwhile', async () => {
    const held = heldRun();
    const plain = microBatch(held.run, 10);
    const first = plain('a');
    await Promise.resolve();
    const second = plain('b');
    expect(held.runs.map((r) => r.items)).toEqual([['a']]);
    held.runs[0]!.finish();
    await new Promise((r) => setImmediate(r));
    held.runs[1]!.finish();
    expect(await Promise.all([first, second])).toEqual(['a:1', 'b:1']);

    const gathered = heldRun();
    const ask = microBatch(gathered.run, 10, undefined, { gatherATurn: true });
    const asked = [ask('c')];
    await Promise.resolve();
    asked.push(ask('d'));
    setImmediate(() => asked.push(ask('e')));
    expect(gathered.runs).toEqual([]);
    await new Promise((r) => setImmediate(r));
    // 'e' was asked after the turn began: it waits for the next batch, which starts when this one settles.
    expect(gathered.runs.map((r) => r.items)).toEqual([['c', 'd']]);
    gathered.runs[0]!.finish();
    await new Promise((r) => setImmediate(r));
    expect(gathered.runs.map((r) => r.items)).toEqual([['c', 'd'], ['e']]);
    gathered.runs[1]!.finish();
    expect(await Promise.all(asked)).toEqual(['c:2', 'd:2', 'e:1']);
  });
});
