import { Controller, type INestMicroservice, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, MessagePattern, Transport, type ClientProxy } from '@nestjs/microservices';
import { freePortBlock, gate } from '@closetly/testing';
import { firstValueFrom } from 'rxjs';
import { DrainingTcpServer } from '../src';
import { RpcTcpSocket } from '../src/rpc/rpc-tcp-socket';

/** A call the test holds open until it opens the gate: a save that has committed and is writing its reply. */
const held = { started: gate(), release: gate() };

@Controller()
class SlowController {
  @MessagePattern('slow', Transport.TCP)
  async slow(): Promise<{ answered: true }> {
    held.started.open();
    await held.release.opened;
    return { answered: true };
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

describe('DrainingTcpServer: a clean hand-over on shutdown (real TCP)', () => {
  let app: INestMicroservice;
  let server: DrainingTcpServer;
  let port: number;
  const clients: ClientProxy[] = [];
  const client = () => {
    const made = ClientProxyFactory.create({ transport: Transport.TCP, options: { host: '127.0.0.1', port, socketClass: RpcTcpSocket } });
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    port = await freePortBlock();
    server = new DrainingTcpServer({ host: '127.0.0.1', port, socketClass: RpcTcpSocket });
    app = await NestFactory.createMicroservice(SlowModule, { strategy: server, logger: false });
    await app.listen();
  });

  afterAll(async () => {
    await Promise.all(clients.map((each) => each.close()));
    await app?.close();
  });

  it('answers the call in flight before it closes, refuses new connections meanwhile, and closes once idle', async () => {
    expect(server.accepting).toBe(true);
    const inFlight = firstValueFrom(client().send('slow', {}));
    await held.started.opened;
    expect(server.callsInFlight).toBe(1);

    const draining = server.drain(10_000);
    expect(server.accepting).toBe(false);
    // A newcomer finds the door shut: its connection is refused, never half-served.
    await expect(firstValueFrom(client().send('slow', {}))).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    let drained = false;
    void draining.then(() => (drained = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(drained).toBe(false);

    held.release.open();
    await expect(inFlight).resolves.toEqual({ answered: true });
    await draining;
    expect(server.callsInFlight).toBe(0);
  });
});
