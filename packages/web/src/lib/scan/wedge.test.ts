import { describe, expect, it, vi } from 'vitest';
import { createWedgeBuffer, WEDGE_PAUSE_MS } from './wedge.ts';

/** Feeds keys `gap` ms apart; returns what the Enter answered. */
function feed(buffer: ReturnType<typeof createWedgeBuffer>, text: string, gap: number, start = 1000) {
  let at = start;
  for (const key of text) buffer.key({ key, at: (at += gap) });
  return buffer.key({ key: 'Enter', at: at + gap });
}

describe('keyboard-wedge scanner', () => {
  it('takes fast keys ending in Enter as one scan and swallows that Enter', () => {
    const onScan = vi.fn();
    expect(feed(createWedgeBuffer(onScan), 'ZPS1-42-7-202611300800-K', 8)).toBe(true);
    expect(onScan).toHaveBeenCalledWith('ZPS1-42-7-202611300800-K');
  });

  it('leaves a person typing alone, Enter included', () => {
    const onScan = vi.fn();
    expect(feed(createWedgeBuffer(onScan), 'ZPS1-42-7-2026', 120)).toBe(false);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('starts again after a pause, so typed keys before a scan do not stick to it', () => {
    const onScan = vi.fn();
    const buffer = createWedgeBuffer(onScan);
    buffer.key({ key: 'x', at: 0 });
    buffer.key({ key: 'y', at: 200 });
    feed(buffer, '0109506000134352', 5, 200 + WEDGE_PAUSE_MS + 1);
    expect(onScan).toHaveBeenCalledWith('0109506000134352');
  });

  it('keeps a scan whole through one late key (a busy page)', () => {
    const onScan = vi.fn();
    const buffer = createWedgeBuffer(onScan);
    let at = 1000;
    for (const [i, key] of [...'ZPS1-42-7-202611300800-K'].entries())
      buffer.key({ key, at: (at += i === 9 ? 180 : 6) });
    expect(buffer.key({ key: 'Enter', at: at + 6 })).toBe(true);
    expect(onScan).toHaveBeenCalledWith('ZPS1-42-7-202611300800-K');
  });

  it('needs a minimum length, and an Enter after a pause is a person’s', () => {
    const onScan = vi.fn();
    const buffer = createWedgeBuffer(onScan);
    expect(feed(buffer, 'abc', 5)).toBe(false);
    for (const [i, key] of [...'0109506000134352'].entries()) buffer.key({ key, at: 5000 + i * 5 });
    expect(buffer.key({ key: 'Enter', at: 5000 + 16 * 5 + WEDGE_PAUSE_MS + 1 })).toBe(false);
    expect(onScan).not.toHaveBeenCalled();
  });

  it('reads Ctrl+] as the GS1 separator and ignores modifier keys', () => {
    const onScan = vi.fn();
    const buffer = createWedgeBuffer(onScan);
    let at = 0;
    for (const key of '0109506000134352') buffer.key({ key, at: (at += 5) });
    buffer.key({ key: 'Shift', at: (at += 5) });
    for (const key of '10AB') buffer.key({ key, at: (at += 5) });
    buffer.key({ key: ']', ctrlKey: true, at: (at += 5) });
    for (const key of '21S') buffer.key({ key, at: (at += 5) });
    buffer.key({ key: 'Enter', at: at + 5 });
    expect(onScan).toHaveBeenCalledWith('010950600013435210AB\u001d21S');
  });
});
