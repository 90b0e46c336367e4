import type { Socket } from 'node:net';
import { JsonSocket, type JsonSocketOptions } from '@nestjs/microservices';

/**
 * Nest's JSON framing over a TCP socket with Nagle's algorithm off, for the
 * gateway's calls and the services' answers. With it on, a message written
 * while the previous one on the same connection is still unacknowledged waits
 * for the peer's delayed ACK (tens of milliseconds on Linux): under concurrent
 * calls most searches waited ~20 ms for nothing. Every RPC message is one
 * write, so there is nothing for Nagle to coalesce.
 */
export class RpcTcpSocket extends JsonSocket {
  constructor(socket: Socket, options?: JsonSocketOptions) {
    super(socket, options);
    socket.setNoDelay(true);
  }
}
