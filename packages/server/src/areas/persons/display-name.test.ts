import { describe, expect, it } from 'vitest';
import { TRIMMED_CHARACTERS } from './display-name.ts';

describe('the characters SQL trims from a name part', () => {
  it('are exactly the ones JavaScript’s trim() removes (what the contract’s screenName() uses)', () => {
    const removed: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      const character = String.fromCharCode(code);
      if (character.trim() === '') removed.push(character);
    }
    expect([...TRIMMED_CHARACTERS].sort()).toEqual(removed.sort());
  });
});
