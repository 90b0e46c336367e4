import { buildEnvelope } from './outbox';
import { IN_PROCESS_EVENT_BATCH, InProcessEventBus } from './in-process-event-bus';
import type { OutgoingEvent } from './event-transport';

const removed = (n: number): OutgoingEvent => {
  const productId = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return { topic: 'catalogue.product-removed.v1', key: productId, envelope: buildEnvelope('catalogue.product-removed.v1', productId, { productId }) };
};
const expired = (n: number): OutgoingEvent => {
  const productId = `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
  return { topic: 'retention.product-expired.v1', key: productId, envelope: buildEnvelope('retention.product-expired.v1', productId, { productId, lastUnsavedAt: '2026-01-01T00:00:00.000Z' }) };
};
const idOf = (data: unknown) => (data as { payload: { productId: string } }).payload.productId;

describe('InProcessEventBus', () => {
  /** The bus listening, with one service taking a topic's events in batches and another one at a time. */
  function listening() {
    const bus = new InProcessEventBus();
    const batches: string[][] = [];
    const singles: string[] = [];
    bus.addHandler('catalogue.product-removed.v1', async (data: unknown[]) => void batches.push(data.map(idOf)), true, { batch: true });
    bus.addHandler('catalogue.product-removed.v1', async (data: unknown) => void singles.push(idOf(data)), true, {});
    bus.listen(() => undefined);
    return { bus, batches, singles };
  }

  it('gives every handler of a topic its events: a batch handler each run of the topic at once, another one at a time, in order', async () => {
    const { bus, batches, singles } = listening();
    const events = [removed(1), removed(2), expired(3), removed(4)];
    await bus.publish(events);
    expect(batches).toEqual([[idOf(events[0]?.envelope), idOf(events[1]?.envelope)], [idOf(events[3]?.envelope)]]);
    expect(singles).toEqual([events[0], events[1], events[3]].map((event) => idOf(event?.envelope)));
  });

  it('keeps runs short: every service shares one connection embedded, and a batch holds it', async () => {
    const { bus, batches } = listening();
    await bus.publish(Array.from({ length: IN_PROCESS_EVENT_BATCH + 5 }, (_, n) => removed(n)));
    expect(batches.map((batch) => batch.length)).toEqual([IN_PROCESS_EVENT_BATCH, 5]);
  });

  it('fails the publish when a handler throws (the outbox sends it again)', async () => {
    const { bus, batches } = listening();
    const event = removed(7);
    await bus.publish([event]);
    expect(batches).toEqual([[event.key]]);
    bus.addHandler('retention.product-expired.v1', async () => Promise.reject(new Error('database gone')), true, { batch: true });
    await expect(bus.publish([expired(8)])).rejects.toThrow('database gone');
  });
});

describe('InProcessEventBus.consumerStatus', () => {
  it('has no lag to report, and counts the dead letters it keeps per topic', async () => {
    const bus = new InProcessEventBus();
    await bus.publishDeadLetter('wardrobe.item-saved.v1', { id: 'a' }, 'catalogue: bad');
    await bus.publishDeadLetter('wardrobe.item-saved.v1', { id: 'b' }, 'catalogue: bad');
    await bus.publishDeadLetter('catalogue.product-removed.v1', { id: 'c' }, 'search: bad');
    expect(await bus.consumerStatus()).toEqual({
      lag: null,
      deadLetters: [
        { topic: 'catalogue.product-removed.v1.dlt', count: 1 },
        { topic: 'wardrobe.item-saved.v1.dlt', count: 2 },
      ],
    });
  });
});
