import { Socket } from 'node:net';
import { JsonSocket } from '@nestjs/microservices';

/**
 * One RPC message sent over a bare TCP connection, as any process that reaches a service's port could
 * send it (Nest's JSON framing, no RpcClient, no signer): resolves with the reply, rejects with the
 * error body the service answered (or the socket's error).
 */
export function sendRawRpc(address: { host: string; port: number }, pattern: string, envelope: { meta: Record<string, unknown>; data: unknown }): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = new JsonSocket(new Socket());
    socket.on('message', (reply: { response?: unknown; err?: unknown }) => {
      socket.end();
      if (reply.err !== undefined) reject(reply.err);
      else resolve(reply.response);
    });
    socket.on('error', reject);
    socket.on('connect', () => socket.sendMessage({ pattern, data: envelope, id: 'raw-call' }));
    socket.connect(address.port, address.host);
  });
}
