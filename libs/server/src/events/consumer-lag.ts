import type { Admin } from 'kafkajs';
import type { EVENT_CONSUMER_LAG } from '../metrics/metric-catalogue';
import type { GaugeReading } from '../metrics/process-metrics';

type LagLabel = (typeof EVENT_CONSUMER_LAG)['labelNames'][number];

/**
 * A consumer group's lag on each partition of its topics: the partition's end offset minus the
 * group's committed offset (the start of the log when the group has committed nothing there yet).
 * Topics are named as the handlers name them; `topicPrefix` (KAFKA_TOPIC_PREFIX) gives their
 * names on the broker.
 */
export async function readConsumerLag(admin: Pick<Admin, 'fetchOffsets' | 'fetchTopicOffsets'>, groupId: string, topics: readonly string[], topicPrefix = ''): Promise<Array<GaugeReading<LagLabel>>> {
  if (topics.length === 0) return [];
  const committed = await admin.fetchOffsets({ groupId, topics: topics.map((topic) => `${topicPrefix}${topic}`) });
  const readings: Array<GaugeReading<LagLabel>> = [];
  for (const { topic: onBroker, partitions } of committed) {
    const topic = onBroker.startsWith(topicPrefix) ? onBroker.slice(topicPrefix.length) : onBroker;
    const ends = await admin.fetchTopicOffsets(onBroker);
    for (const end of ends) {
      const committedOffset = Number(partitions.find((entry) => entry.partition === end.partition)?.offset ?? '-1');
      const from = committedOffset >= 0 ? committedOffset : Number(end.low);
      readings.push({
        labels: { messaging_consumer_group_name: groupId, messaging_destination_name: topic, messaging_destination_partition_id: String(end.partition) },
        value: Math.max(0, Number(end.high) - from),
      });
    }
  }
  return readings;
}
