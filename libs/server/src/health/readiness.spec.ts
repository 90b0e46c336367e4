import { ReadinessRegistry } from './readiness';

describe('ReadinessRegistry', () => {
  it('marks only the slow dependency down: a check past its deadline is down, the others still answer', async () => {
    const registry = new ReadinessRegistry(50);
    registry.add('wardrobe', {
      database: async () => true,
      cache: () => new Promise<boolean>(() => undefined), // Redis hanging in its reconnect loop
      events: async () => {
        throw new Error('broker gone');
      },
    });
    await expect(registry.check('wardrobe')).resolves.toEqual({ service: 'wardrobe', ready: false, checks: { database: 'up', cache: 'down', events: 'down' } });
  });

  it('keeps the checks added earlier when a service adds more (the consumer and RPC listener beside the engines)', async () => {
    const registry = new ReadinessRegistry();
    registry.add('search', { rpc: async () => true });
    registry.add('search', { consumer: async () => true, searchEngine: async () => true });
    await expect(registry.check('search')).resolves.toMatchObject({ ready: true, checks: { rpc: 'up', consumer: 'up', searchEngine: 'up' } });
  });
});
