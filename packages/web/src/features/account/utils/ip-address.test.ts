import { describe, expect, it } from 'vitest';
import { excludesAddress, isValidIpOrCidr } from './ip-address.ts';

describe('IP allow-list arithmetic', () => {
  it.each([
    '192.0.2.1',
    '10.0.0.0/8',
    '0.0.0.0/0',
    '2001:db8::1',
    '2001:db8::/32',
    '::1',
    '::',
    '::ffff:192.0.2.1',
    'fe80::1%eth0',
  ])('accepts %s', (value) => expect(isValidIpOrCidr(value)).toBe(true));

  it.each([
    '',
    'localhost',
    '256.0.0.1',
    '1.2.3',
    '1.2.3.4/33',
    '01.2.3.4',
    '2001:db8::1::2',
    '2001:db8::/129',
    '1.2.3.4/',
    'a:b:c:d:e:f:1:2:3',
  ])('refuses %s', (value) => expect(isValidIpOrCidr(value)).toBe(false));

  it('warns only when a non-empty list does not cover the current address', () => {
    expect(excludesAddress([], '192.0.2.7')).toBe(false);
    expect(excludesAddress(['192.0.2.0/24'], '192.0.2.7')).toBe(false);
    expect(excludesAddress(['192.0.2.0/24'], '198.51.100.1')).toBe(true);
    expect(excludesAddress(['198.51.100.1', '192.0.2.7'], '192.0.2.7')).toBe(false);
    expect(excludesAddress(['2001:db8::/32'], '2001:db8:1::5')).toBe(false);
    expect(excludesAddress(['2001:db8::/32'], '2001:db9::5')).toBe(true);
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(excludesAddress(['127.0.0.1'], '::ffff:127.0.0.1')).toBe(false);
    expect(excludesAddress(['127.0.0.0/8'], '::ffff:127.1.2.3')).toBe(false);
    expect(excludesAddress(['::ffff:127.0.0.1'], '127.0.0.1')).toBe(false);
  });

  it('warns when the current address is unknown', () => {
    expect(excludesAddress(['192.0.2.1'], undefined)).toBe(true);
  });
});
