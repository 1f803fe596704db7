import { describe, expect, it } from 'vitest';
import { ALLOW_ENTRY_MESSAGES, isIpAllowed, normaliseClientIp, parseAllowEntry } from './ip-allow-list.ts';

describe('parseAllowEntry', () => {
  it.each([
    ['192.168.1.10', '192.168.1.10', 'ipv4', 32],
    [' 192.168.1.10 ', '192.168.1.10', 'ipv4', 32],
    ['10.0.0.0/8', '10.0.0.0/8', 'ipv4', 8],
    ['10.1.2.3/8', '10.0.0.0/8', 'ipv4', 8],
    ['192.168.1.10/32', '192.168.1.10', 'ipv4', 32],
    ['0.0.0.0/0', '0.0.0.0/0', 'ipv4', 0],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1', 'ipv6', 128],
    ['2001:db8::/32', '2001:db8::/32', 'ipv6', 32],
    ['2001:db8:abcd:12::1/48', '2001:db8:abcd::/48', 'ipv6', 48],
    ['::1', '::1', 'ipv6', 128],
    ['::ffff:127.0.0.1', '127.0.0.1', 'ipv4', 32],
    ['::ffff:10.0.0.0/104', '10.0.0.0/8', 'ipv4', 8],
  ] as const)('%s → %s', (text, value, kind, prefixLength) => {
    expect(parseAllowEntry(text)).toEqual({ ok: true, value, kind, prefixLength });
  });

  it.each([
    ['', ALLOW_ENTRY_MESSAGES.EMPTY],
    ['   ', ALLOW_ENTRY_MESSAGES.EMPTY],
    ['localhost', ALLOW_ENTRY_MESSAGES.INVALID],
    ['256.1.1.1', ALLOW_ENTRY_MESSAGES.INVALID],
    ['127.1', ALLOW_ENTRY_MESSAGES.INVALID],
    ['0x7f.0.0.1', ALLOW_ENTRY_MESSAGES.INVALID],
    ['1.2.3.4.5', ALLOW_ENTRY_MESSAGES.INVALID],
    ['fe80::1%eth0', ALLOW_ENTRY_MESSAGES.INVALID],
    ['2001:db8:::1', ALLOW_ENTRY_MESSAGES.INVALID],
    ['10.0.0.0/33', ALLOW_ENTRY_MESSAGES.PREFIX],
    ['10.0.0.0/', ALLOW_ENTRY_MESSAGES.PREFIX],
    ['10.0.0.0/-1', ALLOW_ENTRY_MESSAGES.PREFIX],
    ['10.0.0.0/8/8', ALLOW_ENTRY_MESSAGES.PREFIX],
    ['10.0.0.0/ 8', ALLOW_ENTRY_MESSAGES.PREFIX],
    ['2001:db8::/129', ALLOW_ENTRY_MESSAGES.PREFIX],
    ['::ffff:10.0.0.0/64', ALLOW_ENTRY_MESSAGES.PREFIX],
  ])('refuses %j', (text, message) => {
    expect(parseAllowEntry(text)).toEqual({ ok: false, message });
  });
});

describe('normaliseClientIp', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::FFFF:7f00:1', '127.0.0.1'],
    ['[::1]', '::1'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
  ])('%s → %s', (ip, expected) => {
    expect(normaliseClientIp(ip)).toBe(expected);
  });

  it('returns null for what is not an address', () => {
    for (const bad of ['', 'unknown', '127.1', '1.2.3.4:80']) expect(normaliseClientIp(bad)).toBeNull();
  });
});

describe('isIpAllowed', () => {
  it('matches addresses and ranges of the same family', () => {
    const list = ['192.168.1.10', '10.0.0.0/8', '2001:db8::/32'];
    expect(isIpAllowed('192.168.1.10', list)).toBe(true);
    expect(isIpAllowed('192.168.1.11', list)).toBe(false);
    expect(isIpAllowed('10.200.3.4', list)).toBe(true);
    expect(isIpAllowed('11.0.0.1', list)).toBe(false);
    expect(isIpAllowed('2001:db8:1::5', list)).toBe(true);
    expect(isIpAllowed('2001:db9::5', list)).toBe(false);
  });

  it('matches an IPv4-mapped IPv6 client against IPv4 entries', () => {
    expect(isIpAllowed('::ffff:127.0.0.1', ['127.0.0.1/8'])).toBe(true);
    expect(isIpAllowed('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(isIpAllowed('::ffff:128.0.0.1', ['127.0.0.1/8'])).toBe(false);
    // And an entry written as mapped IPv6 against a plain IPv4 client.
    expect(isIpAllowed('127.0.0.1', ['::ffff:127.0.0.0/104'])).toBe(true);
  });

  it('does not let ::1 match 127.0.0.1 or the other way round', () => {
    expect(isIpAllowed('::1', ['127.0.0.1'])).toBe(false);
    expect(isIpAllowed('127.0.0.1', ['::1'])).toBe(false);
  });

  it('allows everything when the list is empty, nothing for a broken client address', () => {
    expect(isIpAllowed('203.0.113.9', [])).toBe(true);
    expect(isIpAllowed('not-an-ip', ['0.0.0.0/0'])).toBe(false);
  });

  it('ignores corrupt stored entries instead of matching them', () => {
    expect(isIpAllowed('203.0.113.9', ['garbage'])).toBe(false);
    expect(isIpAllowed('203.0.113.9', ['garbage', '203.0.113.0/24'])).toBe(true);
  });
});
