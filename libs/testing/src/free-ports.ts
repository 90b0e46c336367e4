import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Ports for servers a test starts at an address it must know in advance
 * (a redirect URI, a gateway's RPC peers). They come from below the kernel's
 * ephemeral range: a port in that range can be taken at any moment as the
 * source port of an outgoing connection (PostgreSQL, Kafka, Redis clients),
 * which made listens fail with EADDRINUSE between "checked free" and "bound".
 */
const LOWEST = 20_000;

function ephemeralRangeStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low !== undefined && Number.isInteger(low) && low > LOWEST + 2_000) return low;
  } catch {
    // Not Linux: fall back to the IANA ephemeral range's start.
  }
  return 49_152;
}

/**
 * A base port such that base + each offset is free on 127.0.0.1 now, chosen at
 * random below the ephemeral range so that suites running side by side rarely
 * try the same block (and never keep one another's).
 */
export async function freePortBlock(offsets: readonly number[] = [0]): Promise<number> {
  const span = Math.max(0, ...offsets) + 1;
  const highest = ephemeralRangeStart() - span;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = LOWEST + Math.floor(Math.random() * ((highest - LOWEST) / span)) * span;
    const free = await Promise.all(offsets.map((offset) => isFree(base + offset)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no free block of ${span} ports below ${highest + span}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
