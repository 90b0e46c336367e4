import { pgSchema } from 'drizzle-orm/pg-core';
import { deadLetterRecorder, fakeInboxDatabase } from '@closetly/testing';
import { platformTables } from '../db/platform-tables';
import { readConsumerLag, readPartitionLag } from '../events/consumer-lag';
import { EventInbox } from '../events/event-inbox';
import { InProcessEventBus } from '../events/in-process-event-bus';
import { buildEnvelope } from '../events/outbox';
import { inboxMetrics, observeInProcessLag, observeOutbox, relayMetrics } from './event-metrics';
import { ProcessMetrics } from './process-metrics';

const tables = platformTables(pgSchema('probe'));
const removed = (userId = 'u1') => buildEnvelope('wardrobe.item-removed.v1', 'p1', { userId, productId: '3f1e7a52-93c4-4b52-9d3a-8d5b2f0a1c11', removedAt: '2026-03-01T10:00:00.000Z' });
const TOPIC = 'wardrobe.item-removed.v1';

/** The exposition's lines for one series, without HELP and TYPE. */
async function linesOf(metrics: ProcessMetrics, name: string): Promise<string[]> {
  return (await metrics.scrape()).body.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

describe('inboxMetrics', () => {
  it('shows a topic’s dead-letter count at 0 once its consumer has processed something, before any dead letter', async () => {
    const metrics = new ProcessMetrics();
    const inbox = new EventInbox('probe', fakeInboxDatabase().db, tables, deadLetterRecorder().transport, undefined, inboxMetrics(metrics, 'team-probe'));
    await inbox.consume(TOPIC, removed(), async () => undefined);
    expect(await linesOf(metrics, 'closetly_event_dead_letters_total')).toEqual([`closetly_event_dead_letters_total{messaging_consumer_group_name="team-probe",messaging_destination_name="${TOPIC}"} 0`]);
  });

  it('times each consume call once (a failed batch’s one-at-a-time fallback inside it), counts its events and its dead letters', async () => {
    const metrics = new ProcessMetrics();
    const inbox = new EventInbox('probe', fakeInboxDatabase().db, tables, deadLetterRecorder().transport, undefined, inboxMetrics(metrics, 'team-probe'));
    await inbox.consume(TOPIC, removed(), async () => undefined);
    await inbox.consume(TOPIC, { not: 'an event' }, async () => undefined);
    await inbox.consumeBatch(TOPIC, [removed('a'), removed('b')], async () => undefined);
    await expect(inbox.consume(TOPIC, removed(), async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');

    const group = 'messaging_consumer_group_name="team-probe",messaging_destination_name="wardrobe.item-removed.v1"';
    expect(await linesOf(metrics, 'messaging_process_duration_seconds_count')).toEqual([
      `messaging_process_duration_seconds_count{${group},outcome="ok"} 3`,
      `messaging_process_duration_seconds_count{${group},outcome="failed"} 1`,
    ]);
    expect(await linesOf(metrics, 'messaging_client_consumed_messages_total')).toEqual([`messaging_client_consumed_messages_total{${group}} 5`]);
    expect(await linesOf(metrics, 'closetly_event_dead_letters_total')).toEqual([`closetly_event_dead_letters_total{${group}} 1`]);
  });
});

describe('relayMetrics and observeOutbox', () => {
  it('counts published events by topic and failed attempts (0 from the start), and reads the backlog once per scrape for both gauges', async () => {
    const metrics = new ProcessMetrics();
    const relay = relayMetrics(metrics, 'wardrobe');
    expect(await linesOf(metrics, 'closetly_outbox_publish_failures_total')).toEqual(['closetly_outbox_publish_failures_total{outbox="wardrobe"} 0']);
    relay.published([{ topic: TOPIC, key: 'p1', envelope: removed() }, { topic: TOPIC, key: 'p1', envelope: removed() }]);
    relay.failed();
    expect(await linesOf(metrics, 'messaging_client_sent_messages_total')).toEqual([`messaging_client_sent_messages_total{messaging_destination_name="${TOPIC}"} 2`]);
    expect(await linesOf(metrics, 'closetly_outbox_publish_failures_total')).toEqual(['closetly_outbox_publish_failures_total{outbox="wardrobe"} 1']);

    let reads = 0;
    observeOutbox(metrics, 'wardrobe', { backlog: async () => (reads += 1, { pending: 4, oldestAgeSeconds: 61.5 }) });
    expect(await linesOf(metrics, 'closetly_outbox_pending_events')).toEqual(['closetly_outbox_pending_events{outbox="wardrobe"} 4']);
    expect(await linesOf(metrics, 'closetly_outbox_oldest_pending_age_seconds')).toEqual(['closetly_outbox_oldest_pending_age_seconds{outbox="wardrobe"} 61.5']);
    // Two scrapes (linesOf scrapes each time), one query each.
    expect(reads).toBe(2);
  });
});

describe('consumer lag', () => {
  it('Kafka: end offset minus the committed one per partition, from the log’s start where the group has committed nothing', async () => {
    const admin = {
      fetchOffsets: jest.fn(async () => [{ topic: 'pre.wardrobe.item-saved.v1', partitions: [{ partition: 0, offset: '7', metadata: null }, { partition: 1, offset: '-1', metadata: null }] }]),
      fetchTopicOffsets: jest.fn(async () => [
        { partition: 0, offset: '10', high: '10', low: '0' },
        { partition: 1, offset: '5', high: '5', low: '2' },
      ]),
    };
    const readings = await readConsumerLag(admin, 'pre-catalogue', ['wardrobe.item-saved.v1'], 'pre.');
    expect(admin.fetchOffsets).toHaveBeenCalledWith({ groupId: 'pre-catalogue', topics: ['pre.wardrobe.item-saved.v1'] });
    expect(readings).toEqual([
      { labels: { messaging_consumer_group_name: 'pre-catalogue', messaging_destination_name: 'wardrobe.item-saved.v1', messaging_destination_partition_id: '0' }, value: 3 },
      { labels: { messaging_consumer_group_name: 'pre-catalogue', messaging_destination_name: 'wardrobe.item-saved.v1', messaging_destination_partition_id: '1' }, value: 3 },
    ]);
  });

  it('embedded: the events the in-process bus is delivering, back to 0 once every handler has them', async () => {
    const metrics = new ProcessMetrics();
    const bus = new InProcessEventBus();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    bus.addHandler(TOPIC, async () => held, true, {});
    bus.listen(() => undefined);
    observeInProcessLag(metrics, bus);
    const publishing = bus.publish([{ topic: TOPIC, key: 'p1', envelope: removed() }, { topic: TOPIC, key: 'p1', envelope: removed() }]);
    const lagLine = `closetly_event_consumer_lag{messaging_consumer_group_name="in-process",messaging_destination_name="${TOPIC}",messaging_destination_partition_id="0"}`;
    expect(await linesOf(metrics, 'closetly_event_consumer_lag')).toEqual([`${lagLine} 2`]);
    release();
    await publishing;
    expect(await linesOf(metrics, 'closetly_event_consumer_lag')).toEqual([`${lagLine} 0`]);
  });
});

describe('partition lag (the metrics and the System panel read it alike)', () => {
  it('counts from the log’s start where the broker has already deleted what the group had not read', async () => {
    const admin = {
      fetchOffsets: jest.fn(async () => [{ topic: 'wardrobe.item-saved.v1', partitions: [{ partition: 0, offset: '3', metadata: null }] }]),
      fetchTopicOffsets: jest.fn(async () => [{ partition: 0, offset: '20', high: '20', low: '12' }]),
    };
    expect(await readPartitionLag(admin, 'catalogue')).toEqual([{ topic: 'wardrobe.item-saved.v1', partition: 0, lag: 8 }]);
    expect(admin.fetchOffsets).toHaveBeenCalledWith({ groupId: 'catalogue' });
  });

  it('reads only the group’s own topics under a prefix, named without it, when no topics are given', async () => {
    const admin = {
      fetchOffsets: jest.fn(async () => [
        { topic: 'pre.wardrobe.item-saved.v1', partitions: [{ partition: 0, offset: '5', metadata: null }] },
        { topic: 'other.wardrobe.item-saved.v1', partitions: [{ partition: 0, offset: '0', metadata: null }] },
      ]),
      fetchTopicOffsets: jest.fn(async () => [{ partition: 0, offset: '9', high: '9', low: '0' }]),
    };
    expect(await readPartitionLag(admin, 'pre-catalogue', 'pre.')).toEqual([{ topic: 'wardrobe.item-saved.v1', partition: 0, lag: 4 }]);
    expect(admin.fetchTopicOffsets).toHaveBeenCalledTimes(1);
  });
});
