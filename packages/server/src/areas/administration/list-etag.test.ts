import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { currentTag, listTag, validUntil } from './list-etag.ts';

const SECRET = 'list-etag-test-secret-list-etag-test-secret';
const VERSION = '12@2026-11-28:0f3c|60-60|true';
const ACCOUNT = 7;
const withTag = (tag?: string) => ({ headers: tag ? { 'if-none-match': tag } : {} }) as FastifyRequest;
const at = (iso: string) => new Date(iso);

describe('the day list ETag: checked from the tag alone, on any instance', () => {
  const turn = at('2026-11-28T09:00:00Z').getTime();
  const tag = listTag(SECRET, VERSION, ACCOUNT, turn);

  it('holds until the next clock turn, then no longer', () => {
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(currentTag(withTag(tag), SECRET, VERSION, ACCOUNT, at('2026-11-28T08:59:59Z'))).toBe(tag);
    expect(currentTag(withTag(tag), SECRET, VERSION, ACCOUNT, at('2026-11-28T09:00:00Z'))).toBeNull();
  });

  it('is one account’s, one version’s, and made with the secret', () => {
    const before = at('2026-11-28T08:00:00Z');
    expect(currentTag(withTag(tag), SECRET, VERSION, ACCOUNT + 1, before)).toBeNull();
    expect(currentTag(withTag(tag), SECRET, `${VERSION}x`, ACCOUNT, before)).toBeNull();
    expect(currentTag(withTag(tag), `${SECRET}x`, VERSION, ACCOUNT, before)).toBeNull();
  });

  it('cannot be stretched: a later end with the same signature is refused', () => {
    const stretched = tag.replace(turn.toString(36), (turn + 3_600_000).toString(36));
    expect(currentTag(withTag(stretched), SECRET, VERSION, ACCOUNT, at('2026-11-28T09:30:00Z'))).toBeNull();
  });

  it('without a turn ahead holds for the version (the version names the day); finds it in a list of tags', () => {
    const forever = listTag(SECRET, VERSION, ACCOUNT, validUntil([turn], at('2026-11-28T22:00:00Z')));
    const header = `"other", W/${forever}`;
    expect(currentTag(withTag(header), SECRET, VERSION, ACCOUNT, at('2026-11-28T23:59:00Z'))).toBe(forever);
    expect(currentTag(withTag(), SECRET, VERSION, ACCOUNT, at('2026-11-28T23:59:00Z'))).toBeNull();
    expect(currentTag(withTag('"short"'), SECRET, VERSION, ACCOUNT, at('2026-11-28T23:59:00Z'))).toBeNull();
  });

  it('ends at the first turn from the build on', () => {
    const turns = [turn - 60_000, turn, turn + 60_000];
    expect(validUntil(turns, at('2026-11-28T08:59:30Z'))).toBe(turn);
    expect(validUntil(turns, new Date(turn))).toBe(turn);
    expect(validUntil(turns, new Date(turn + 60_001))).toBe(0);
  });
});
