import { createServer, type Server, type Socket, connect } from 'node:net';

/**
 * A TCP relay in front of an engine the machine runs for everyone (Redis,
 * PostgreSQL): a product pointed at it can lose the engine (`cut()`: open
 * connections reset, new ones refused) and get it back (`restore()`) without
 * touching the engine itself, which other suites keep using.
 */
export interface TcpOutageProxy {
  /** host:port to give the product instead of the engine's. */
  readonly address: string;
  readonly port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpOutageProxy(target: { host: string; port: number }, port = 0): Promise<TcpOutageProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let boundPort = port;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
      });
      next.once('error', reject);
      next.listen(boundPort, '127.0.0.1', () => {
        const address = next.address();
        if (address && typeof address === 'object') boundPort = address.port;
        server = next;
        resolve();
      });
    });

  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    get address() {
      return `127.0.0.1:${boundPort}`;
    },
    get port() {
      return boundPort;
    },
    cut,
    restore: async () => {
      if (!server) await listen();
    },
    close: cut,
  };
}
