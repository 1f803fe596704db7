import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Result of {@link parseAllowEntry}: the normalised entry, or a Dutch message for the form. */
export type AllowEntryParse =
  | { ok: true; value: string; kind: 'ipv4' | 'ipv6'; prefixLength: number }
  | { ok: false; message: string };

export const ALLOW_ENTRY_MESSAGES = {
  EMPTY: 'Vul een IP-adres of een reeks in CIDR-notatie in.',
  INVALID: 'Dit is geen geldig IPv4- of IPv6-adres (bijvoorbeeld 192.168.1.10 of 2001:db8::1).',
  PREFIX: 'De prefixlengte na de / moet een getal zijn van 0 tot en met 32 (IPv4) of 128 (IPv6).',
} as const;

/**
 * Parses an address strictly: IPv4 only as four decimal parts (ipaddr.js would also accept forms like
 * "127.1" or "0x7f.0.0.1", which nobody means in an allow-list), IPv6 without a zone id ("%eth0"
 * only has meaning on the local link). IPv4-mapped IPv6 (::ffff:a.b.c.d) becomes plain IPv4.
 */
function parseAddress(text: string): Address | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (text.includes('%') || !ipaddr.IPv6.isValid(text)) return null;
  const v6 = ipaddr.IPv6.parse(text);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

const format = (address: Address): string =>
  address.kind() === 'ipv6' ? (address as ipaddr.IPv6).toRFC5952String() : address.toString();

/** The first address of a range, so "10.1.2.3/8" is stored as the "10.0.0.0/8" it really means. */
function networkAddress(address: Address, prefixLength: number): Address {
  const bytes = address.toByteArray();
  const masked = bytes.map((byte, i) => {
    const bitsInByte = Math.max(0, Math.min(8, prefixLength - i * 8));
    return byte & ((0xff << (8 - bitsInByte)) & 0xff);
  });
  return ipaddr.fromByteArray(masked);
}

/**
 * Validates an allow-list entry typed by a user: an IPv4 or IPv6 address, or a CIDR range.
 * Returns the normalised form (lowercase, RFC 5952 for IPv6, host bits cleared in a range, a
 * single address without "/32" or "/128") so equal entries compare equal.
 */
export function parseAllowEntry(text: string): AllowEntryParse {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, message: ALLOW_ENTRY_MESSAGES.EMPTY };
  const slash = trimmed.indexOf('/');
  const addressText = slash === -1 ? trimmed : trimmed.slice(0, slash);
  let address = parseAddress(addressText);
  if (!address) return { ok: false, message: ALLOW_ENTRY_MESSAGES.INVALID };

  const wasMapped = address.kind() === 'ipv4' && !ipaddr.IPv4.isValidFourPartDecimal(addressText);
  const maxBits = address.kind() === 'ipv4' ? 32 : 128;
  let prefixLength = maxBits;
  if (slash !== -1) {
    const prefixText = trimmed.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefixText)) return { ok: false, message: ALLOW_ENTRY_MESSAGES.PREFIX };
    prefixLength = Number(prefixText);
    // A mapped address was written in IPv6 terms: ::ffff:10.0.0.0/104 is 10.0.0.0/8.
    if (wasMapped) {
      if (prefixLength < 96 || prefixLength > 128) {
        return { ok: false, message: ALLOW_ENTRY_MESSAGES.PREFIX };
      }
      prefixLength -= 96;
    }
    if (prefixLength > maxBits) return { ok: false, message: ALLOW_ENTRY_MESSAGES.PREFIX };
    address = networkAddress(address, prefixLength);
  }
  const kind = address.kind();
  const value = prefixLength === maxBits ? format(address) : `${format(address)}/${prefixLength}`;
  return { ok: true, value, kind, prefixLength };
}

/**
 * The client address in the form the allow-list compares: IPv4-mapped IPv6 (what a dual-stack socket
 * reports for IPv4 clients, e.g. "::ffff:127.0.0.1") becomes "127.0.0.1", IPv6 is RFC 5952, brackets
 * and a zone id are dropped. Returns null for anything that is not an IP address.
 */
export function normaliseClientIp(ip: string): string | null {
  let text = ip.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  const address = parseAddress(text);
  return address ? format(address) : null;
}

/**
 * True when `ip` lies in one of the entries. An empty list means the account has no restriction for
 * the product (only accounts with entries are limited), so it allows every address.
 * Anything that fails to parse never matches: a broken client address or a corrupt stored entry
 * fails closed instead of opening the door.
 */
export function isIpAllowed(ip: string, entries: readonly string[]): boolean {
  if (entries.length === 0) return true;
  const client = normaliseClientIp(ip);
  if (client === null) return false;
  const address = parseAddress(client)!;
  return entries.some((entry) => {
    const parsed = parseAllowEntry(entry);
    if (!parsed.ok || parsed.kind !== address.kind()) return false;
    const [network] = parsed.value.split('/');
    return address.match(parseAddress(network!)!, parsed.prefixLength);
  });
}
