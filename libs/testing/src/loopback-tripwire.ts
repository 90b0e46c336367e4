import { isIP, Socket } from 'node:net';

/**
 * Fails any socket connection from this process to a non-loopback host (the
 * tests must never send traffic off the box), and remembers the attempt so a
 * test can assert there was none.
 */
export function installLoopbackTripwire(): { blocked: string[]; restore(): void } {
  const original = Socket.prototype.connect;
  const blocked: string[] = [];
  const spy = jest.spyOn(Socket.prototype, 'connect').mockImplementation(function (this: Socket, ...args: unknown[]) {
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    const host = typeof first === 'object' && first !== null ? (first as { host?: unknown; path?: unknown }).host : typeof args[1] === 'string' ? args[1] : undefined;
    const isPipe = typeof first === 'object' && first !== null && typeof (first as { path?: unknown }).path === 'string';
    if (!isPipe && typeof host === 'string' && !isLoopbackHost(host)) {
      blocked.push(host);
      throw new Error(`Test tripwire: refused a connection to ${host}`);
    }
    return (original as (...a: unknown[]) => Socket).apply(this, args);
  } as typeof Socket.prototype.connect);
  return { blocked, restore: () => spy.mockRestore() };
}

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}
