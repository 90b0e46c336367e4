import type { Caller, ServiceSystemStatus } from '@closetly/contracts';
import { DomainError, RemoteError, type RpcClient } from '@closetly/server';
import { SystemController } from './system.controller';

const admin: Caller = { uid: 'u1', sid: 's1', roles: ['admin'] };
const status = (service: string, figures: Partial<ServiceSystemStatus> = {}): ServiceSystemStatus => ({
  service,
  outbox: { pending: 0, oldestPendingSeconds: null },
  consumerLag: null,
  deadLetters: [],
  ...figures,
});

function controllerAnswering(answer: (pattern: string) => Promise<ServiceSystemStatus>) {
  const rpc = { call: jest.fn((pattern: string) => answer(pattern)) };
  return { rpc, controller: new SystemController(rpc as unknown as RpcClient) };
}

describe('SystemController', () => {
  it("asks every service for its figures, sums each one's lag, and counts a dead-letter topic two services see once", async () => {
    const { controller, rpc } = controllerAnswering(async (pattern) => {
      const service = pattern.split('.')[0] as string;
      if (service === 'catalogue')
        return status(service, {
          outbox: { pending: 4, oldestPendingSeconds: 90 },
          consumerLag: [
            { topic: 'wardrobe.item-saved.v1', partition: 0, lag: 2 },
            { topic: 'wardrobe.item-saved.v1', partition: 1, lag: 3 },
          ],
          deadLetters: [{ topic: 'wardrobe.item-saved.v1.dlt', count: 1 }],
        });
      if (service === 'retention') return status(service, { consumerLag: [], deadLetters: [{ topic: 'wardrobe.item-saved.v1.dlt', count: 1 }, { topic: 'a.dlt', count: 2 }] });
      if (service === 'pages') throw new RemoteError('SERVICE_UNAVAILABLE', 'pages did not answer', 'pages');
      return status(service);
    });
    const answer = await controller.system(admin);

    expect(rpc.call).toHaveBeenCalledWith('identity.system-status', { caller: admin }, expect.objectContaining({ timeoutMs: expect.any(Number) }));
    expect(answer.services.map((s) => s.service)).toEqual(['identity', 'catalogue', 'wardrobe', 'profile', 'search', 'retention', 'pages']);
    expect(answer.services.find((s) => s.service === 'catalogue')).toEqual({ service: 'catalogue', outbox: { pending: 4, oldestPendingSeconds: 90 }, consumerLag: 5 });
    // No consumer group (nothing committed): no lag figure rather than a reassuring 0.
    expect(answer.services.find((s) => s.service === 'retention')?.consumerLag).toBeNull();
    expect(answer.services.find((s) => s.service === 'pages')).toEqual({ service: 'pages', outbox: null, consumerLag: null, error: 'pages did not answer' });
    expect(answer.deadLetters).toEqual([
      { topic: 'a.dlt', count: 2 },
      { topic: 'wardrobe.item-saved.v1.dlt', count: 1 },
    ]);
  });

  it('passes a refusal on rather than showing it as a service down', async () => {
    const { controller } = controllerAnswering(() => Promise.reject(new RemoteError('FORBIDDEN', 'Unauthorized access.', 'identity')));
    await expect(controller.system(admin)).rejects.toBeInstanceOf(DomainError);
  });
});
