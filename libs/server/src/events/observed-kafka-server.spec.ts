import { ObservedKafkaServer } from './observed-kafka-server';

/** The server with a stand-in kafkajs consumer whose events a test emits by hand. */
function setup() {
  const gaveUp: unknown[] = [];
  const server = new ObservedKafkaServer({ client: { brokers: ['127.0.0.1:9'] } }, '', (error) => gaveUp.push(error));
  const listeners = new Map<string, Array<(event: { payload: Record<string, unknown> }) => void>>();
  const events = { CONNECT: 'connect', DISCONNECT: 'disconnect', GROUP_JOIN: 'group_join', REBALANCING: 'rebalancing', STOP: 'stop', CRASH: 'crash' };
  Object.assign(server, { consumer: { events, on: (name: string, listener: (event: { payload: Record<string, unknown> }) => void) => listeners.set(name, [...(listeners.get(name) ?? []), listener]) } });
  server.registerConsumerEventListeners();
  const emit = (name: string, payload: Record<string, unknown> = {}) => listeners.get(name)?.forEach((listener) => listener({ payload }));
  return { server, gaveUp, emit };
}

describe('ObservedKafkaServer', () => {
  it('keeps the consumer’s state live from kafkajs’s events', () => {
    const { server, emit } = setup();
    expect(server.consumerState).toBe('starting');
    emit('group_join');
    expect(server.consumerState).toBe('joined');
    emit('rebalancing');
    expect(server.consumerState).toBe('rebalancing');
    emit('crash', { error: new Error('broker gone'), restart: true });
    expect(server.consumerState).toBe('crashed');
    emit('group_join');
    expect(server.consumerState).toBe('joined');
  });

  it('says so when kafkajs will not restart a crashed consumer, and not when it will', () => {
    const { gaveUp, emit } = setup();
    const retriable = new Error('leader not available');
    emit('crash', { error: retriable, restart: true });
    expect(gaveUp).toEqual([]);
    const fatal = new Error('not authorised');
    emit('crash', { error: fatal, restart: false });
    expect(gaveUp).toEqual([fatal]);
  });

  describe('a fetched batch', () => {
    const message = (offset: number) => ({ offset: String(offset), key: Buffer.from(`k${offset}`), value: Buffer.from(JSON.stringify({ n: offset })), headers: {}, timestamp: '0', attributes: 0 });
    /** One fetch's messages of a partition, as kafkajs hands them to eachBatch. */
    function fetched(topic: string, count: number, { staleAfter = Infinity } = {}) {
      const resolved: string[] = [];
      let heartbeats = 0;
      const payload = {
        batch: { topic, partition: 0, messages: Array.from({ length: count }, (_, offset) => message(offset)) },
        resolveOffset: (offset: string) => void resolved.push(offset),
        heartbeat: async () => void (heartbeats += 1),
        pause: () => () => undefined,
        isRunning: () => true,
        isStale: () => resolved.length >= staleAfter,
      };
      return { payload: payload as unknown as Parameters<ObservedKafkaServer['handleBatch']>[0], resolved, heartbeats: () => heartbeats };
    }
    const batchServer = () => {
      const server = new ObservedKafkaServer({ client: { brokers: ['127.0.0.1:9'] } }, 'prefix.');
      const batches: unknown[][] = [];
      const singles: unknown[] = [];
      server.addHandler('wardrobe.item-saved.v1', async (data: unknown[]) => void batches.push(data), true, { batch: true });
      server.addHandler('catalogue.product-removed.v1', async (data: unknown) => void singles.push(data), true, {});
      return { server, batches, singles };
    };

    it('hands a batch handler the messages in order, at most MAX_EVENT_BATCH at once, resolving each chunk’s last offset', async () => {
      const { server, batches } = batchServer();
      const { payload, resolved, heartbeats } = fetched('prefix.wardrobe.item-saved.v1', 450);
      await server.handleBatch(payload);
      expect(batches.map((batch) => batch.length)).toEqual([200, 200, 50]);
      expect(batches.flat()).toEqual(Array.from({ length: 450 }, (_, n) => ({ n })));
      expect(resolved).toEqual(['199', '399', '449']);
      expect(heartbeats()).toBe(3);
    });

    it('hands any other handler one message at a time, resolving each', async () => {
      const { server, singles } = batchServer();
      const { payload, resolved } = fetched('prefix.catalogue.product-removed.v1', 3);
      await server.handleBatch(payload);
      expect(singles).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
      expect(resolved).toEqual(['0', '1', '2']);
    });

    it('stops between chunks when the partition was revoked, and resolves nothing a failed chunk held', async () => {
      const { server, batches } = batchServer();
      const revoked = fetched('prefix.wardrobe.item-saved.v1', 450, { staleAfter: 1 });
      await server.handleBatch(revoked.payload);
      expect(batches).toHaveLength(1);
      expect(revoked.resolved).toEqual(['199']);

      server.addHandler('wardrobe.item-removed.v1', async () => Promise.reject(new Error('database gone')), true, { batch: true });
      const failing = fetched('prefix.wardrobe.item-removed.v1', 10);
      await expect(server.handleBatch(failing.payload)).rejects.toThrow('database gone');
      expect(failing.resolved).toEqual([]);
    });
  });
});
