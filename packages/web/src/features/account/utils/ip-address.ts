/**
 * Just enough IP arithmetic for the allow-list screen: validate an address or CIDR range and tell
 * whether the current address falls inside a list. The server validates again and decides at login.
 * Addresses are 128-bit numbers; IPv4 is mapped to ::ffff:a.b.c.d, as the server may report it.
 */
const ALL_BITS = (1n << 128n) - 1n;
const IPV4_MAPPED = 0xffffn << 32n;

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255 || (part.length > 1 && part.startsWith('0')))
      return null;
    value = (value << 8n) + BigInt(part);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  let address = text.replace(/%[\w.]+$/, '');
  const lastColon = address.lastIndexOf(':');
  if (address.includes('.')) {
    // A trailing dotted IPv4 part (e.g. ::ffff:192.0.2.1) stands for the last two groups.
    const v4 = parseIpv4(address.slice(lastColon + 1));
    if (v4 === null) return null;
    address = `${address.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    value = (value << 16n) + BigInt(parseInt(group, 16));
  }
  return value;
}

interface Parsed {
  value: bigint;
  /** Prefix length in the 128-bit space. */
  prefix: number;
}

/** An address or CIDR range; null when it is neither. */
export function parseIpRange(text: string): Parsed | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const isV4 = !address.includes(':');
  const parsed = isV4 ? parseIpv4(address) : parseIpv6(address);
  if (parsed === null) return null;
  const max = isV4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return null;
  return { value: isV4 ? IPV4_MAPPED | parsed : parsed, prefix: isV4 ? prefix + 96 : prefix };
}

export const isValidIpOrCidr = (text: string): boolean => parseIpRange(text) !== null;

function contains(range: Parsed, address: bigint): boolean {
  const mask = ALL_BITS ^ ((1n << BigInt(128 - range.prefix)) - 1n);
  return (range.value & mask) === (address & mask);
}

/**
 * True when a login from `currentIp` would be refused with this list: the list is not empty and
 * no entry covers the address (an address we cannot read counts as not covered, to warn rather than not).
 */
export function excludesAddress(entries: readonly string[], currentIp: string | null | undefined): boolean {
  if (entries.length === 0) return false;
  const current = currentIp ? parseIpRange(currentIp) : null;
  if (!current) return true;
  return !entries.some((entry) => {
    const range = parseIpRange(entry);
    return range !== null && contains(range, current.value);
  });
}
