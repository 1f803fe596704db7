import { describe, expect, it } from 'vitest';
import { loggedViews } from './audit-views.ts';

const MINUTE = 60_000;

describe('the list views an instance logged itself', () => {
  it('holds a logged view for the window less a minute, then asks again', () => {
    const views = loggedViews(15);
    const at = Date.parse('2026-11-30T07:00:00Z');
    expect(views.has('a', at)).toBe(false);
    views.add('a', at);
    expect(views.has('a', at)).toBe(true);
    expect(views.has('a', at + 14 * MINUTE - 1)).toBe(true);
    expect(views.has('a', at + 14 * MINUTE)).toBe(false);
    // Gone once expired: not held again later either.
    expect(views.has('a', at + MINUTE)).toBe(false);
    expect(views.has('b', at)).toBe(false);
  });

  it('holds nothing for a clock set back before the entry', () => {
    const views = loggedViews(15);
    const at = Date.parse('2026-11-30T07:00:00Z');
    views.add('a', at);
    expect(views.has('a', at - 1)).toBe(false);
  });

  it('remembers at most its number of views, the oldest forgotten first', () => {
    const views = loggedViews(15, 2);
    const at = Date.parse('2026-11-30T07:00:00Z');
    views.add('a', at);
    views.add('b', at);
    views.add('c', at);
    expect(['a', 'b', 'c'].map((key) => views.has(key, at))).toEqual([false, true, true]);
  });
});
