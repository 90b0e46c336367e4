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
});
