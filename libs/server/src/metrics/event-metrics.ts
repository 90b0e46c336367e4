import type { InboxObserver } from '../events/event-inbox';
import type { InProcessEventBus } from '../events/in-process-event-bus';
import type { OutboxStore } from '../events/outbox';
import type { RelayObserver } from '../events/outbox-relay';
import {
  EVENT_CONSUMER_LAG,
  EVENT_DEAD_LETTERS,
  MESSAGING_CONSUMED_MESSAGES,
  MESSAGING_PROCESS_DURATION,
  MESSAGING_SENT_MESSAGES,
  OUTBOX_OLDEST_PENDING_AGE,
  OUTBOX_PENDING_EVENTS,
  OUTBOX_PUBLISH_FAILURES,
} from './metric-catalogue';
import type { ProcessMetrics } from './process-metrics';

/** An inbox's processing time, consumed events and dead letters, labelled with its consumer group. */
export function inboxMetrics(metrics: ProcessMetrics, group: string): InboxObserver {
  const duration = metrics.histogram(MESSAGING_PROCESS_DURATION);
  const consumed = metrics.counter(MESSAGING_CONSUMED_MESSAGES);
  const deadLetters = metrics.counter(EVENT_DEAD_LETTERS);
  return {
    processed: (topic, events, seconds, outcome) => {
      const labels = { messaging_consumer_group_name: group, messaging_destination_name: topic };
      duration.observe({ ...labels, outcome }, seconds);
      consumed.inc(labels, events);
      // The topic's dead-letter count at 0 before its first dead letter, for increase() to see that one.
      deadLetters.inc(labels, 0);
    },
    deadLettered: (topic) => deadLetters.inc({ messaging_consumer_group_name: group, messaging_destination_name: topic }),
  };
}

/** A relay's published events by topic and its failed attempts. */
export function relayMetrics(metrics: ProcessMetrics, service: string): RelayObserver {
  const sent = metrics.counter(MESSAGING_SENT_MESSAGES);
  const failures = metrics.counter(OUTBOX_PUBLISH_FAILURES);
  // Present from the start at 0, so an alert on its increase sees the first failure.
  failures.inc({ outbox: service }, 0);
  return {
    published: (events) => {
      for (const event of events) sent.inc({ messaging_destination_name: event.topic });
    },
    failed: () => failures.inc({ outbox: service }),
  };
}

/** A service's outbox backlog and the age of its oldest pending event, read from its table on each scrape. */
export function observeOutbox(metrics: ProcessMetrics, service: string, store: Pick<OutboxStore, 'backlog'>): () => void {
  // One query per scrape serves both gauges (the registry collects them side by side).
  let reading: Promise<{ pending: number; oldestAgeSeconds: number }> | undefined;
  const read = () => {
    reading ??= store.backlog().finally(() => (reading = undefined));
    return reading;
  };
  const stopPending = metrics.observe(OUTBOX_PENDING_EVENTS, async () => [{ labels: { outbox: service }, value: (await read()).pending }]);
  const stopAge = metrics.observe(OUTBOX_OLDEST_PENDING_AGE, async () => [{ labels: { outbox: service }, value: (await read()).oldestAgeSeconds }]);
  return () => {
    stopPending();
    stopAge();
  };
}

/** Embedded mode: the in-process bus's undelivered events per topic stand for consumer lag (one group, one partition). */
export function observeInProcessLag(metrics: ProcessMetrics, bus: Pick<InProcessEventBus, 'undeliveredByTopic'>): () => void {
  return metrics.observe(EVENT_CONSUMER_LAG, () =>
    bus.undeliveredByTopic().map(({ topic, events }) => ({
      labels: { messaging_consumer_group_name: 'in-process', messaging_destination_name: topic, messaging_destination_partition_id: '0' },
      value: events,
    })),
  );
}
