import { Socket } from 'node:net';
import { RpcTcpSocket } from './rpc-tcp-socket';

describe('RpcTcpSocket', () => {
  it('turns Nagle’s algorithm off on the socket it frames, so a call never waits for a delayed ACK', () => {
    const socket = new Socket();
    const setNoDelay = jest.spyOn(socket, 'setNoDelay');

    new RpcTcpSocket(socket);

    expect(setNoDelay).toHaveBeenCalledWith(true);
    socket.destroy();
  });
});
