import type { ClientProxy } from '@nestjs/microservices';
import { INTERNAL_CALL_REFUSED, rpcCall, type ServiceName } from '@closetly/contracts';
import { Observable, of, throwError } from 'rxjs';
import { z } from 'zod';
import { generateInternalCallKeys, InternalCallSigner, InternalCallVerifier } from '../auth/internal-calls';
import { RpcClient, sentAgainAfter } from './rpc-client';

const withCode = (code: string, message = `connect ${code} 127.0.0.1:4103`) => Object.assign(new Error(message), { code });
const closed = () => new Error('Connection closed');

const CALLS = {
  'wardrobe.save': rpcCall('wardrobe', z.object({ name: z.string() }), z.object({ id: z.string() }), { idempotent: true }),
  'wardrobe.change': rpcCall('wardrobe', z.object({ name: z.string() }), z.object({ id: z.string() })),
};

/** A replica that answers each call with the next of `answers` (an error or a value), and counts its calls. */
function replica(...answers: Array<Error | { id: string } | { code: string; message: string }>) {
  const calls: string[] = [];
  const envelopes: Array<{ meta: { assertion?: string }; data: unknown }> = [];
  const proxy = {
    send: (pattern: string, envelope: { meta: { assertion?: string }; data: unknown }) => {
      calls.push(pattern);
      envelopes.push(envelope);
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
      return answer instanceof Error || 'code' in answer ? throwError(() => answer) : (of(answer) as Observable<unknown>);
    },
    close: async () => undefined,
  } as unknown as ClientProxy;
  return { proxy, calls, envelopes };
}

function clientOver(...replicas: ClientProxy[]) {
  return signingClientOver(undefined, ...replicas);
}

function signingClientOver(signer: InternalCallSigner | undefined, ...replicas: ClientProxy[]) {
  const proxies = { wardrobe: replicas } as unknown as Record<ServiceName, ClientProxy[]>;
  return new RpcClient(CALLS, proxies, 2_000, undefined, signer);
}

describe('sentAgainAfter', () => {
  it.each([
    ['a refused connection, any call, one replica: after a short wait', withCode('ECONNREFUSED'), false, 1, 250],
    ['a refused connection, several replicas: at once, to the next', withCode('ECONNREFUSED'), false, 2, 0],
    ['a connection closed before the reply, idempotent call', closed(), true, 2, 0],
    ['a reset connection, idempotent call', withCode('ECONNRESET'), true, 1, 250],
  ])('sends again: %s', (_case, error, idempotent, replicas, wait) => {
    expect(sentAgainAfter(error, idempotent, replicas)).toBe(wait);
  });

  it.each([
    ['a connection closed before the reply of a call that is not idempotent', closed(), false],
    ['a reset connection of a call that is not idempotent', withCode('ECONNRESET'), false],
    ["the service's own error answer", { code: 'NOT_FOUND', message: 'Item not found' }, true],
    ['a timeout (the first may still be running)', Object.assign(new Error('Timeout has occurred'), { name: 'TimeoutError' }), true],
  ])('never sends again: %s', (_case, error, idempotent) => {
    // rxjs's TimeoutError is its own class: checked by the client below, here only as a plain error with no code.
    expect(sentAgainAfter(error, idempotent, 2)).toBeUndefined();
  });
});

describe('RpcClient over replicas', () => {
  it('sends an idempotent call whose connection closed before the reply once more, to the other replica', async () => {
    const stopping = replica(closed());
    const healthy = replica({ id: 'saved' });
    await expect(clientOver(stopping.proxy, healthy.proxy).call('wardrobe.save', { name: 'Tee' })).resolves.toEqual({ id: 'saved' });
    expect(stopping.calls).toHaveLength(1);
    expect(healthy.calls).toHaveLength(1);
  });

  it('answers 503 (SERVICE_UNAVAILABLE) for a call that is not idempotent when its reply was lost, and sends it only once', async () => {
    const stopping = replica(closed());
    const healthy = replica({ id: 'changed' });
    await expect(clientOver(stopping.proxy, healthy.proxy).call('wardrobe.change', { name: 'Tee' })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(stopping.calls.length + healthy.calls.length).toBe(1);
  });

  it('sends any call refused by a replica to the next one, and passes the refusing replica over for the calls after', async () => {
    const gone = replica(withCode('ECONNREFUSED'));
    const healthy = replica({ id: 'changed' });
    const client = clientOver(gone.proxy, healthy.proxy);
    for (let index = 0; index < 4; index += 1) await expect(client.call('wardrobe.change', { name: 'Tee' })).resolves.toEqual({ id: 'changed' });
    expect(gone.calls).toHaveLength(1);
    expect(healthy.calls).toHaveLength(4);
  });

  it('takes turns over healthy replicas', async () => {
    const first = replica({ id: 'a' });
    const second = replica({ id: 'b' });
    const client = clientOver(first.proxy, second.proxy);
    for (let index = 0; index < 4; index += 1) await client.call('wardrobe.save', { name: 'Tee' });
    expect([first.calls.length, second.calls.length]).toEqual([2, 2]);
  });

  it('names no address in the 503 when every replica is gone', async () => {
    const client = clientOver(replica(withCode('ECONNREFUSED')).proxy, replica(withCode('ECONNREFUSED')).proxy);
    const failure = (await client.call('wardrobe.save', { name: 'Tee' }).catch((error: unknown) => error)) as Error;
    expect(failure).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(failure.message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
  });

  it('asks every replica once for callEach, reporting a refusing one as failed rather than asking another', async () => {
    const gone = replica(withCode('ECONNREFUSED'));
    const healthy = replica({ id: 'pong' });
    const answers = await clientOver(gone.proxy, healthy.proxy).callEach('wardrobe.save', { name: 'ping' });
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'fulfilled']);
    expect([gone.calls.length, healthy.calls.length]).toEqual([1, 1]);
  });
});

describe('RpcClient proving its calls', () => {
  const keys = generateInternalCallKeys();
  const verifier = new InternalCallVerifier([{ caller: 'gateway', publicKey: keys.publicKey }]);

  it('sends each call with an assertion for that call and its data, which the service accepts', async () => {
    const service = replica({ id: 'saved' });
    await signingClientOver(new InternalCallSigner(keys.privateKey), service.proxy).call('wardrobe.save', { name: 'Tee' });
    const [envelope] = service.envelopes;
    expect(verifier.check(envelope!.meta.assertion, { service: 'wardrobe', pattern: 'wardrobe.save', data: envelope!.data, allowed: ['gateway'] })).toEqual({ ok: true, caller: 'gateway' });
  });

  it('answers INTERNAL (500), never the service’s refusal, when a service refuses its assertion: keys out of step are the operator’s to fix', async () => {
    const refusing = replica({ code: INTERNAL_CALL_REFUSED, message: 'This call does not carry a valid internal-call assertion.' });
    await expect(clientOver(refusing.proxy).call('wardrobe.save', { name: 'Tee' })).rejects.toMatchObject({ code: 'INTERNAL', message: 'wardrobe refused the call' });
  });
});
