import { describe, expect, it } from 'vitest';
import { fitWithin } from './resize-image.ts';

describe('avatar resize (at most 256 px)', () => {
  it('scales the longer side down to 256 and keeps the aspect ratio', () => {
    expect(fitWithin(1024, 768, 256)).toEqual({ width: 256, height: 192 });
    expect(fitWithin(600, 3000, 256)).toEqual({ width: 51, height: 256 });
  });

  it('never enlarges a small image', () => {
    expect(fitWithin(100, 80, 256)).toEqual({ width: 100, height: 80 });
  });

  it('keeps at least one pixel', () => {
    expect(fitWithin(10_000, 1, 256)).toEqual({ width: 256, height: 1 });
  });
});
