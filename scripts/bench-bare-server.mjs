#!/usr/bin/env node
// The hot-path benchmark's reference (scripts/bench-hot-paths.ts): a bare Fastify answering each
// route with fixed bytes from memory, no hooks, no headers beyond the content type.
//   node scripts/bench-bare-server.mjs <routes.json> <port>
// routes.json: [{ path, type, body (base64) }]
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [routesFile, port] = process.argv.slice(2);
const app = Fastify();
for (const { path, type, body } of JSON.parse(readFileSync(routesFile, 'utf8'))) {
  const bytes = Buffer.from(body, 'base64');
  app.get(path, (_request, reply) => reply.type(type).send(bytes));
}
await app.listen({ port: Number(port), host: '127.0.0.1' });
