import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, connect, createServer as createTcpServer, type Socket } from 'node:net';
import { OpenSearchProductIndex, searchAsUnderstood } from '@closetly/search';

/**
 * The search benchmark's second reference: the least any gateway → service
 * design can cost on this machine. Two bare processes with the product's
 * shape and none of its work: an HTTP front (node:http) relays each search to
 * a service process over one TCP connection (JSON lines), and the service
 * asks OpenSearch through the same adapter as the straight side. No
 * framework, no beta token, no validation, no rate limit, no image signing.
 *
 *   node -r @swc-node/register scripts/bench-search-relay.ts service <opensearch url> <alias>
 *   node -r @swc-node/register scripts/bench-search-relay.ts front <service port>
 *
 * Each prints `port <n>` once it listens.
 */
interface RelayRequest {
  id: number;
  kind: 'search' | 'suggest';
  q: string;
  gender: string | null;
}

/** Calls `onLine` for each complete line the socket receives. */
function readLines(socket: Socket, onLine: (line: string) => void): void {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      onLine(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
    }
  });
}

function service(node: string, alias: string): void {
  const index = new OpenSearchProductIndex({ node, index: alias });
  const server = createTcpServer((socket) => {
    socket.setNoDelay(true);
    readLines(socket, (line) => {
      const request = JSON.parse(line) as RelayRequest;
      const answer =
        request.kind === 'suggest'
          ? index.suggest(request.q, 5)
          : searchAsUnderstood(index, request.q, { ...(request.gender === 'Women' ? { gender: ['Women' as const] } : {}), pageSize: 25 });
      void answer.then((result) => socket.write(`${JSON.stringify({ id: request.id, result })}\n`));
    });
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`));
}

function front(servicePort: number): void {
  const socket = connect(servicePort, '127.0.0.1');
  socket.setNoDelay(true);
  const waiting = new Map<number, (body: string) => void>();
  let nextId = 0;
  readLines(socket, (line) => {
    const { id, result } = JSON.parse(line) as { id: number; result: unknown };
    waiting.get(id)?.(JSON.stringify(result));
    waiting.delete(id);
  });
  const server = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://relay');
    const id = nextId++;
    waiting.set(id, (body) => response.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const relayed: RelayRequest = { id, kind: url.pathname.endsWith('/suggestions') ? 'suggest' : 'search', q: url.searchParams.get('q') ?? '', gender: url.searchParams.get('gender') };
    socket.write(`${JSON.stringify(relayed)}\n`);
  });
  socket.once('connect', () => server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`)));
}

const [role, first, second] = process.argv.slice(2);
if (role === 'service' && first && second) service(first, second);
else if (role === 'front' && first) front(Number(first));
else throw new Error('usage: bench-search-relay.ts service <opensearch url> <alias> | front <service port>');
