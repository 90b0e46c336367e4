import { isIP } from 'node:net';

/**
 * Which addresses the outbound fetcher (image proxy, page watch) may connect
 * to. It is called with what the socket layer sees (an IP literal from the URL, every address a host name
 * resolves to, and the connected socket's `remoteAddress`), never with the
 * URL's spelling: WHATWG URL parsing already turns `2130706433`, `0x7f000001`,
 * `0177.0.0.1` and `127.1` into `127.0.0.1`, and anything that is not a
 * canonical IP literal here is refused (fail closed).
 */
export type AddressPolicy = (address: string, port: number) => boolean;

type Range = readonly [base: string, prefix: number, why: string];

/** IPv4 ranges that are not the public internet (IANA special-purpose registry, RFC 6890 and successors). */
const FORBIDDEN_V4: readonly Range[] = [
  ['0.0.0.0', 8, '"this network"; 0.0.0.0 reaches the local host on Linux'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local, including the 169.254.169.254 metadata service'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved, including 255.255.255.255 broadcast'],
];

/**
 * IPv6 ranges refused by name. Only global unicast (2000::/3) is allowed at
 * all, so most of these are already outside it; they are listed so the rule
 * reads like the threat model. Every range that embeds an IPv4 address
 * (compatible, mapped, translated, NAT64, 6to4, Teredo) is refused outright
 * rather than unpacked: no shop or image host needs one.
 */
const FORBIDDEN_V6: readonly Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'IPv4-compatible (deprecated)'],
  ['::ffff:0:0', 96, 'IPv4-mapped'],
  ['::ffff:0:0:0', 96, 'IPv4-translated (SIIT)'],
  ['64:ff9b::', 96, 'NAT64 well-known prefix'],
  ['64:ff9b:1::', 48, 'NAT64 local-use prefix'],
  ['100::', 64, 'discard-only'],
  ['2001::', 23, 'IETF protocol assignments, including Teredo 2001::/32 and benchmarking'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4 (embeds an IPv4 address)'],
  ['3fff::', 20, 'documentation'],
  ['fc00::', 7, 'unique local (private)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local (deprecated)'],
  ['ff00::', 8, 'multicast'],
];
const GLOBAL_UNICAST_V6: Range = ['2000::', 3, 'global unicast'];

/** True when no outbound request may connect to `address` (any port). Not an IP literal → true. */
export function isForbiddenAddress(address: string): boolean {
  const zone = address.indexOf('%');
  const ip = zone === -1 ? address : address.slice(0, zone);
  switch (isIP(ip)) {
    case 4: {
      const bytes = ipv4Bytes(ip);
      return FORBIDDEN_V4.some((range) => inRange(bytes, range));
    }
    case 6: {
      const bytes = ipv6Bytes(ip);
      return !inRange(bytes, GLOBAL_UNICAST_V6) || FORBIDDEN_V6.some((range) => inRange(bytes, range));
    }
    default:
      return true;
  }
}

/** The production policy: the port plays no part in it (the port rule is separate, see safe-http-client.ts). */
export const defaultAddressPolicy: AddressPolicy = (address) => isForbiddenAddress(address);

function inRange(bytes: readonly number[], [base, prefix]: Range): boolean {
  const baseBytes = isIP(base) === 4 ? ipv4Bytes(base) : ipv6Bytes(base);
  if (baseBytes.length !== bytes.length) return false;
  for (let bit = 0; bit < prefix; bit += 8) {
    const remaining = Math.min(8, prefix - bit);
    const mask = (0xff << (8 - remaining)) & 0xff;
    const index = bit / 8;
    if (((bytes[index] ?? 0) & mask) !== ((baseBytes[index] ?? 0) & mask)) return false;
  }
  return true;
}

/** Dotted decimal only (net.isIP has already refused other spellings). */
function ipv4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** Sixteen bytes from any valid IPv6 text form, including `::` and a dotted IPv4 tail. */
function ipv6Bytes(ip: string): number[] {
  let text = ip.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const [a = 0, b = 0, c = 0, d = 0] = ipv4Bytes(text.slice(lastColon + 1));
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.flatMap((group) => {
    const value = Number.parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}
