import { describe, expect, it } from 'vitest';
import { scanBlocksGiven } from './scan.ts';

describe('scanBlocksGiven (the card and the API)', () => {
  it('a passed scan and a time-window reason leave "given" open; anything else blocks it', () => {
    expect(scanBlocksGiven([])).toBe(false);
    expect(scanBlocksGiven(['early'])).toBe(false);
    expect(scanBlocksGiven(['late'])).toBe(false);
    expect(scanBlocksGiven(['late', 'wrong_client'])).toBe(true);
    expect(scanBlocksGiven(['too_early'])).toBe(true);
    expect(scanBlocksGiven(['expired'])).toBe(true);
  });
});
