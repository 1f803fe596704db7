import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { ScanCheckAnswer } from '@zorgportaal/contract';
import { blocksGive, reasonMessage, unreadableMessage } from './scan-messages.ts';

// The Dutch default with its values filled in, as i18next does with nl.json.
const t = ((_key: string, fallback: string, values: Record<string, string> = {}) =>
  fallback.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '')) as unknown as TFunction;

const answer = (over: Partial<ScanCheckAnswer>, reasons: ScanCheckAnswer['Checks'][number]['Reason'][]) => ({
  Passed: reasons.length === 0,
  Kind: 'sachet' as const,
  Checks: reasons.map((Reason) => ({ Check: 'client' as const, Outcome: 'failed' as const, Reason })),
  MomentClientName: 'De Vries',
  ScannedClientName: 'Jansen',
  Expiry: null,
  SachetMoment: '2026-11-30 08:00',
  ...over,
});

describe('scan messages', () => {
  it('says whose sachet or wristband it is, or only that it is another client’s', () => {
    const sachet = answer({}, ['wrong_client']);
    expect(reasonMessage(t, 'wrong_client', sachet, 'X')).toBe('Dit zakje is van Jansen, niet van De Vries.');
    const band = answer({ Kind: 'wristband' }, ['wrong_client']);
    expect(reasonMessage(t, 'wrong_client', band, 'X')).toBe(
      'Dit polsbandje is van Jansen, niet van De Vries.',
    );
    const hidden = answer({ ScannedClientName: null }, ['wrong_client']);
    expect(reasonMessage(t, 'wrong_client', hidden, 'X')).toBe(
      'Deze code is van een andere cliënt, niet van De Vries.',
    );
    expect(reasonMessage(t, 'wrong_moment', sachet, 'X')).toBe(
      'Dit zakje is voor 30-11-2026 08:00, niet voor dit toedienmoment.',
    );
  });

  it('blocks Gegeven on every failure but a time window the registration asks a reason for', () => {
    expect(blocksGive(answer({}, ['wrong_client']))).toBe(true);
    expect(blocksGive(answer({}, ['expired']))).toBe(true);
    expect(blocksGive(answer({}, ['too_late']))).toBe(true);
    expect(blocksGive(answer({}, ['late']))).toBe(false);
    expect(blocksGive(answer({}, []))).toBe(false);
  });

  it('tells a misread from an unreadable code', () => {
    expect(unreadableMessage(t, 'check_digit')).toMatch(/verkeerd gelezen/);
    expect(unreadableMessage(t, 'check_character')).toMatch(/verkeerd gelezen/);
    expect(unreadableMessage(t, 'truncated')).toBe('Deze code is niet te lezen: scan opnieuw.');
  });
});
