import { Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PingResponse, pingPattern, type ServiceName } from '@closetly/contracts';
import { uniqueName } from '@closetly/testing';
import { z } from 'zod';
import {
  connectDistributedTransports,
  connectInProcessTransports,
  createHttpApp,
  createPlatform,
  DomainError,
  PlatformEnv,
  RemoteError,
  RpcController,
  RpcDataPipe,
  RpcHandler,
  ServiceAddressEnv,
  currentContext,
} from '../src';

const Echo = z.object({ text: z.string().max(20) }).strict();

/** A tiny RPC service standing in for "identity" in this contract. */
@RpcController()
class EchoController {
  @RpcHandler('identity.echo')
  echo(@Payload(new RpcDataPipe(Echo)) request: z.infer<typeof Echo>) {
    return { text: request.text, correlationId: currentContext()?.correlationId };
  }

  @RpcHandler('identity.fail')
  fail(): never {
    throw new DomainError('NOT_FOUND', 'No such thing', { id: 'x' });
  }

  @RpcHandler('identity.crash')
  crash(): never {
    throw new Error('secret internal detail');
  }

  @RpcHandler('identity.slow')
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return 'late';
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

const EchoAnswer = z.object({ text: z.string(), correlationId: z.string().optional() });

/** One contract for gateway → service calls: NestJS TCP transport and the in-process twin. */
describe.each(['embedded', 'distributed'] as const)('RPC contract (%s)', (mode) => {
  const port = 45_000 + Math.floor(Math.random() * 10_000);
  const env = PlatformEnv.extend(ServiceAddressEnv.shape).parse({
    CLOSETLY_MODE: mode,
    LOG_LEVEL: 'silent',
    RPC_TIMEOUT_MS: '300',
    IDENTITY_RPC: `127.0.0.1:${port}`,
  });
  let close: () => Promise<void>;
  let platform: Awaited<ReturnType<typeof createPlatform>>;

  beforeAll(async () => {
    platform = await createPlatform({ env, addresses: env, processName: 'rpc-test', needsDatabase: false, cachePrefix: `${uniqueName('rpc')}:` });
    const app = await createHttpApp(platform, [EchoModule]);
    if (mode === 'embedded') connectInProcessTransports(app, platform);
    else await connectDistributedTransports(app, platform, { name: 'identity', rpcAddress: env.IDENTITY_RPC, consumesEvents: false });
    await app.startAllMicroservices();
    await app.init();
    close = () => app.close();
  });
  afterAll(() => close());

  it('round-trips a typed request and carries the correlation id', async () => {
    const { runWithContext } = await import('../src');
    const answer = await runWithContext({ correlationId: 'corr-rpc-1' }, () => platform.rpc.call('identity', 'identity.echo', { text: 'hello' }, EchoAnswer));
    expect(answer).toEqual({ text: 'hello', correlationId: 'corr-rpc-1' });
  });

  it('refuses invalid data with a validation error from the service', async () => {
    await expect(platform.rpc.call('identity', 'identity.echo', { text: 'x'.repeat(50) }, EchoAnswer)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      service: 'identity',
    });
  });

  it('rebuilds domain errors on the caller side', async () => {
    const error = await platform.rpc.call('identity', 'identity.fail', {}, EchoAnswer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'No such thing', details: { id: 'x' } });
  });

  it('hides unexpected errors behind INTERNAL', async () => {
    const error = await platform.rpc.call('identity', 'identity.crash', {}, EchoAnswer).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INTERNAL' });
    expect(String((error as Error).message)).not.toContain('secret');
  });

  it('gives up after the deadline with UPSTREAM_TIMEOUT', async () => {
    await expect(platform.rpc.call('identity', 'identity.slow', {}, z.string())).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
  });

  it('reports a service nobody serves as unavailable, never as a crash', async () => {
    const error = await platform.rpc.call('search' as ServiceName, pingPattern('search'), {}, PingResponse).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('reports a pattern the service does not serve as unavailable', async () => {
    await expect(platform.rpc.call('identity', 'identity.no-such-call', {}, EchoAnswer)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
