import { isIP } from 'node:net';

/** Where a mapped host is served in tests: a plain-HTTP listener on a loopback address. */
export interface TestHostTarget {
  address: string;
  port: number;
}

/** OUTBOUND_TEST_HOSTS, parsed: host name (lower case) → loopback listener. */
export type TestHosts = ReadonlyMap<string, TestHostTarget>;

export const NO_TEST_HOSTS: TestHosts = new Map();

/** A host name as the URL parser leaves it: labels of letters, digits and hyphens. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/**
 * Parses `www.zara.com=127.0.0.5:18199,shop.example=127.0.0.6:8080`. Every
 * target must be a loopback address (127.0.0.0/8 or [::1]) with a port: the
 * override exists so tests can play a retailer locally, and is the only way
 * an outbound request ever reaches loopback, so it must never point anywhere
 * else. Throws with every problem listed.
 */
export function parseTestHosts(value: string): TestHosts {
  const hosts = new Map<string, TestHostTarget>();
  const problems: string[] = [];
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const equals = entry.indexOf('=');
    const host = entry.slice(0, equals).trim().toLowerCase();
    const target = entry.slice(equals + 1).trim();
    if (equals <= 0 || target === '') {
      problems.push(`"${entry}" is not host=address:port`);
      continue;
    }
    if (!HOST_NAME.test(host) || isIP(host) !== 0) {
      problems.push(`"${host}" is not a host name`);
      continue;
    }
    if (hosts.has(host)) {
      problems.push(`"${host}" is mapped twice`);
      continue;
    }
    const parsed = parseLoopbackTarget(target);
    if (typeof parsed === 'string') problems.push(`${host}: ${parsed}`);
    else hosts.set(host, parsed);
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
  return hosts;
}

function parseLoopbackTarget(target: string): TestHostTarget | string {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([0-9.]+)):(\d{1,5})$/.exec(target);
  if (!match) return `"${target}" is not address:port (IPv6 in brackets)`;
  const address = (match[1] ?? match[2] ?? '').toLowerCase();
  const port = Number(match[3]);
  if (!(port >= 1 && port <= 65_535)) return `port ${match[3]} is out of range`;
  const loopback = (isIP(address) === 4 && address.startsWith('127.')) || (isIP(address) === 6 && address === '::1');
  if (!loopback) return `${address} is not a loopback address (127.0.0.0/8 or [::1])`;
  return { address, port };
}
