import { Module } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_CALL_REFUSED, rpcCall, type RpcRequestOf } from '@closetly/contracts';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { pollUntil, sendRawRpc, uniqueName } from '@closetly/testing';
import { z } from 'zod';
import {
  connectDistributedTransports,
  connectInProcessTransports,
  createHttpApp,
  createPlatform,
  DomainError,
  generateInternalCallKeys,
  InternalCallSigner,
  parseHostPort,
  PlatformEnv,
  RemoteError,
  RpcController,
  rpcHandlersFor,
  ServiceAddressEnv,
  currentContext,
  setUpTracing,
  SpanKind,
} from '../src';
import { InProcessRpcClient } from '../src/rpc/in-process-rpc';

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

/** How many echo calls reached the handler: a refused call must not. */
let echoes = 0;

@RpcController()
class EchoController {
  @ProbeHandler('identity.echo')
  echo(@Payload() request: RpcRequestOf<(typeof PROBE_CALLS)['identity.echo']>) {
    echoes += 1;
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
const gatewayKeys = generateInternalCallKeys();

describe.each(['embedded', 'distributed'] as const)('RPC contract (%s)', (mode) => {
  const port = 45_000 + Math.floor(Math.random() * 10_000);
  const env = PlatformEnv.extend(ServiceAddressEnv.shape).parse({
    CLOSETLY_MODE: mode,
    LOG_LEVEL: 'silent',
    // Generous, so a loaded machine never fails a call on time; the timeout test sets its own short one.
    RPC_TIMEOUT_MS: '10000',
    IDENTITY_RPC: `127.0.0.1:${port}`,
    // This process plays the gateway (signs) and identity (answers); embedded makes its own keys.
    INTERNAL_CALLS_PRIVATE_KEY: gatewayKeys.privatePem,
    GATEWAY_CALLS_PUBLIC_KEY: gatewayKeys.publicPem,
  });
  let close: () => Promise<void>;
  let platform: Awaited<ReturnType<typeof createPlatform>>;
  const rpc = () => platform.rpc.withCalls(PROBE_CALLS);

  beforeAll(async () => {
    platform = await createPlatform({ env, addresses: env, processName: 'rpc-test', needsDatabase: false, cachePrefix: `${uniqueName('rpc')}:`, internalCalls: { signsAs: 'gateway', trusts: ['gateway'] } });
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
    await expect(rpc().call('identity.slow', {}, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
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

  describe('internal-call assertions', () => {
    /** One message as any process that reaches the port could send it (no RpcClient): the reply, or the error body. */
    const sendRaw = (pattern: string, data: unknown, assertion?: string): Promise<unknown> => {
      const envelope = { meta: { correlationId: 'raw-call', deadline: Date.now() + 2_000, ...(assertion && { assertion }) }, data };
      if (mode === 'embedded') {
        const client = new InProcessRpcClient(platform.inProcess!.rpc);
        return new Promise((resolve, reject) => client.send(pattern, envelope).subscribe({ next: resolve, error: reject }));
      }
      return sendRawRpc(parseHostPort(env.IDENTITY_RPC), pattern, envelope);
    };
    const signer = () => platform.internalCalls.signer!;
    const refused = { code: INTERNAL_CALL_REFUSED };

    it('answers a raw message that carries the caller’s valid assertion (so the refusals below are the guard’s)', async () => {
      const data = { text: 'proved' };
      await expect(sendRaw('identity.echo', data, signer().assert('identity', 'identity.echo', data, Date.now() + 2_000))).resolves.toMatchObject({ text: 'proved' });
    });

    it('refuses a well-formed message without an assertion, before its handler runs', async () => {
      const before = echoes;
      await expect(sendRaw('identity.echo', { text: 'no proof' })).rejects.toMatchObject(refused);
      expect(echoes).toBe(before);
    });

    it('refuses an assertion made for other data (a caller or roles changed on the way)', async () => {
      const assertion = signer().assert('identity', 'identity.echo', { text: 'user' }, Date.now() + 2_000);
      await expect(sendRaw('identity.echo', { text: 'admin' }, assertion)).rejects.toMatchObject(refused);
    });

    it('refuses an assertion made for another call', async () => {
      const assertion = signer().assert('identity', 'identity.fail', { text: 'x' }, Date.now() + 2_000);
      await expect(sendRaw('identity.echo', { text: 'x' }, assertion)).rejects.toMatchObject(refused);
    });

    it('refuses an assertion past its lifetime, and one signed by a key the service does not trust', async () => {
      const data = { text: 'late' };
      await expect(sendRaw('identity.echo', data, signer().assert('identity', 'identity.echo', data, Date.now() - 10_000))).rejects.toMatchObject(refused);
      const stranger = new InternalCallSigner(generateInternalCallKeys().privateKey);
      await expect(sendRaw('identity.echo', data, stranger.assert('identity', 'identity.echo', data, Date.now() + 2_000))).rejects.toMatchObject(refused);
    });
  });

  describe('traces', () => {
    const exporter = new InMemorySpanExporter();
    let tracing: ReturnType<typeof setUpTracing>;
    beforeAll(() => {
      tracing = setUpTracing({ serviceName: 'rpc-test', env: {}, exporter });
    });
    afterAll(() => tracing.shutdown());

    it('ends the caller’s span and the service’s, its child, when the call is answered', async () => {
      await rpc().call('identity.echo', { text: 'traced' });
      const spans = await pollUntil(() => exporter.getFinishedSpans().filter((span) => span.name === 'identity.echo'), (found) => found.length === 2, { what: 'both spans of the call' });
      const client = spans.find((span) => span.kind === SpanKind.CLIENT);
      const server = spans.find((span) => span.kind === SpanKind.SERVER);
      expect(server?.parentSpanContext?.spanId).toBe(client?.spanContext().spanId);
      expect(server?.spanContext().traceId).toBe(client?.spanContext().traceId);
    });
  });
});
