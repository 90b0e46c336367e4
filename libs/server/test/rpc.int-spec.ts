import { Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { rpcCall, type RpcRequestOf } from '@closetly/contracts';
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
  rpcHandlersFor,
  ServiceAddressEnv,
  currentContext,
} from '../src';

const Echo = z.object({ text: z.string().max(20) }).strict();
const EchoAnswer = z.object({ text: z.string(), correlationId: z.string().optional() });
const Nothing = z.object({}).strict();

/** The probe's own call map, standing in for "identity" in this contract. */
const PROBE_CALLS = {
  'identity.echo': rpcCall('identity', Echo, EchoAnswer),
  'identity.fail': rpcCall('identity', Nothing, EchoAnswer),
  'identity.leak': rpcCall('identity', Nothing, EchoAnswer),
  'identity.crash': rpcCall('identity', Nothing, EchoAnswer),
  'identity.outage': rpcCall('identity', Nothing, EchoAnswer),
  'identity.slow': rpcCall('identity', Nothing, z.string()),
  'identity.no-such-call': rpcCall('identity', Nothing, EchoAnswer),
  'search.ping': rpcCall('search', Nothing, EchoAnswer),
};
const ProbeHandler = rpcHandlersFor(PROBE_CALLS);

@RpcController()
class EchoController {
  @ProbeHandler('identity.echo')
  echo(@Payload() request: RpcRequestOf<(typeof PROBE_CALLS)['identity.echo']>) {
    return { text: request.text, correlationId: currentContext()?.correlationId };
  }

  @ProbeHandler('identity.fail')
  fail(): never {
    throw new DomainError('NOT_FOUND', 'No such thing', { id: 'x' });
  }

  /** A code identity's contract does not list (BETA_TOKEN_INVALID is the gateway's). */
  @ProbeHandler('identity.leak')
  leak(): never {
    throw new DomainError('BETA_TOKEN_INVALID', 'not an identity code');
  }

  @ProbeHandler('identity.crash')
  crash(): never {
    throw new Error('secret internal detail');
  }

  /** The service's database went away mid-call. */
  @ProbeHandler('identity.outage')
  outage(): never {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  }

  @ProbeHandler('identity.slow')
  async slow(): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return 'late';
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

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
  const rpc = () => platform.rpc.withCalls(PROBE_CALLS);

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
    const answer = await runWithContext({ correlationId: 'corr-rpc-1' }, () => rpc().call('identity.echo', { text: 'hello' }));
    expect(answer).toEqual({ text: 'hello', correlationId: 'corr-rpc-1' });
  });

  it('refuses invalid data with a validation error from the service', async () => {
    await expect(rpc().call('identity.echo', { text: 'x'.repeat(50) })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      service: 'identity',
    });
  });

  it('rebuilds domain errors on the caller side', async () => {
    const error = await rpc().call('identity.fail', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', message: 'No such thing', details: { id: 'x' } });
  });

  it('turns a code outside the service’s contract into INTERNAL, so it never reaches users unmapped', async () => {
    const error = await rpc().call('identity.leak', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).not.toBeInstanceOf(RemoteError);
    expect(error).toMatchObject({ code: 'INTERNAL' });
  });

  it('hides unexpected errors behind INTERNAL', async () => {
    const error = await rpc().call('identity.crash', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INTERNAL' });
    expect(String((error as Error).message)).not.toContain('secret');
  });

  it('answers an engine outage inside the service as SERVICE_UNAVAILABLE with a Retry-After, naming no address', async () => {
    const error = await rpc().call('identity.outage', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { retryAfterSeconds: 5 } });
    expect((error as Error).message).not.toContain('127.0.0.1');
  });

  it('gives up after the deadline with UPSTREAM_TIMEOUT', async () => {
    await expect(rpc().call('identity.slow', {})).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
  });

  it('reports a service nobody serves as unavailable, never as a crash', async () => {
    const error = await rpc().call('search.ping', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('SERVICE_UNAVAILABLE');
    // The socket's reason (connect ECONNREFUSED 127.0.0.1:4105) is logged, never passed on.
    expect((error as DomainError).message).toBe('The service is temporarily unavailable. Please try again shortly.');
  });

  it('reports a pattern the service does not serve as unavailable', async () => {
    await expect(rpc().call('identity.no-such-call', {})).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
