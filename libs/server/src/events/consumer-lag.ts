import type { PartitionLag } from '@closetly/contracts';
import type { Admin } from 'kafkajs';
import type { EVENT_CONSUMER_LAG } from '../metrics/metric-catalogue';
import type { GaugeReading } from '../metrics/process-metrics';

type LagLabel = (typeof EVENT_CONSUMER_LAG)['labelNames'][number];

/**
 * A consumer group's lag on each partition of its topics: the partition's end offset minus the group's
 * position, which is its committed offset, or the start of the log where it has committed nothing or
 * the broker has already deleted what it had not read. One reading for the metrics and the admin
 * System panel. `topics`: the topics as the handlers name them (all partitions, committed or not); none
 * given, every topic the group has committed on. `topicPrefix` (KAFKA_TOPIC_PREFIX) gives their names
 * on the broker, and is taken off again in the answer.
 */
export async function readPartitionLag(
  admin: Pick<Admin, 'fetchOffsets' | 'fetchTopicOffsets'>,
  groupId: string,
  topicPrefix = '',
  topics?: readonly string[],
): Promise<PartitionLag[]> {
  if (topics?.length === 0) return [];
  const committed = topics
    ? await admin.fetchOffsets({ groupId, topics: topics.map((topic) => `${topicPrefix}${topic}`) })
    : (await admin.fetchOffsets({ groupId })).filter(({ topic }) => topic.startsWith(topicPrefix));
  const lag: PartitionLag[] = [];
  for (const { topic: onBroker, partitions } of committed) {
    const topic = onBroker.slice(topicPrefix.length);
    for (const end of await admin.fetchTopicOffsets(onBroker)) {
      const committedOffset = Number(partitions.find((entry) => entry.partition === end.partition)?.offset ?? '-1');
      const position = Math.max(committedOffset, Number(end.low));
      lag.push({ topic, partition: end.partition, lag: Math.max(0, Number(end.high) - position) });
    }
  }
  return lag;
}

/** readPartitionLag as the consumer-lag gauge's readings. */
export async function readConsumerLag(admin: Pick<Admin, 'fetchOffsets' | 'fetchTopicOffsets'>, groupId: string, topics: readonly string[], topicPrefix = ''): Promise<Array<GaugeReading<LagLabel>>> {
  return (await readPartitionLag(admin, groupId, topicPrefix, topics)).map(({ topic, partition, lag }) => ({
    labels: { messaging_consumer_group_name: groupId, messaging_destination_name: topic, messaging_destination_partition_id: String(partition) },
    value: lag,
  }));
}
