import { randomUUID } from 'node:crypto';
import { EVENT_TOPICS } from '@closetly/contracts';
import type { Admin, Consumer, Kafka, KafkaMessage } from 'kafkajs';
import { EVENT_TOPIC_RETENTION_MS } from './event-transport';
import type { KafkaAuth } from '../config/env';
import { retryKafkaRound, eventHeaders, kafkaClientConfig, kafkajs } from './kafka-event-transport';

/** A command-line mistake: printed as it is with the usage, never a stack trace. */
export class ReplayUsageError extends Error {}

export const REPLAY_USAGE = 'Usage: npm run events:replay -- --topic <topic>.dlt [--since <ISO time>] [--dry-run]';

export interface ReplayArguments {
  /** The dead-letter topic, as the product names it (without KAFKA_TOPIC_PREFIX): `<topic>.dlt`. */
  deadLetterTopic: string;
  /** The topic its dead letters go back to. */
  topic: string;
  /** Only dead letters parked at or after this instant. */
  since: Date | undefined;
  dryRun: boolean;
}

/** `--topic X.dlt [--since T] [--dry-run]`, each argument checked, every problem a ReplayUsageError. */
export function parseReplayArguments(argv: readonly string[]): ReplayArguments {
  let deadLetter: string | undefined;
  let since: Date | undefined;
  let dryRun = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const next = inline ?? argv[(i += 1)];
      if (next === undefined || next === '' || (inline === undefined && next.startsWith('--'))) throw new ReplayUsageError(`${name} needs a value.`);
      return next;
    };
    if (name === '--topic') deadLetter = value();
    else if (name === '--since') since = parseSince(value());
    else if (name === '--dry-run' && inline === undefined) dryRun = true;
    else throw new ReplayUsageError(`Unknown argument: ${arg}`);
  }
  if (!deadLetter) throw new ReplayUsageError('--topic is required.');
  if (!deadLetter.endsWith('.dlt')) throw new ReplayUsageError(`${deadLetter} is not a dead-letter topic: its name ends in .dlt (for example wardrobe.item-saved.v1.dlt).`);
  const topic = deadLetter.slice(0, -'.dlt'.length);
  if (!Object.hasOwn(EVENT_TOPICS, topic)) throw new ReplayUsageError(`${topic} is not one of the product's topics: ${Object.keys(EVENT_TOPICS).join(', ')}.`);
  return { deadLetterTopic: deadLetter, topic, since, dryRun };
}

/** An ISO 8601 date or date-time (`2026-11-27`, `2026-11-27T10:00:00Z`); anything else is refused, not guessed at. */
function parseSince(text: string): Date {
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
  const at = new Date(text);
  if (!iso.test(text) || Number.isNaN(at.getTime())) throw new ReplayUsageError(`--since ${text} is not an ISO time (for example 2026-11-27T10:00:00Z).`);
  return at;
}

/** One message of a dead-letter topic, as the inbox parked it: `{ reason, original, at }` (kafka-event-transport.ts). */
export interface DeadLetter {
  partition: number;
  offset: string;
  /** When it was parked. */
  at: Date;
  reason: string;
  /** The message as it came: the event's envelope (or what was sent in its place). */
  original: unknown;
  /** The original's event id, when it has one. */
  eventId: string | undefined;
  /** The original's aggregate key (the message key it goes back with). */
  key: string | undefined;
}

export type ReplayDecision = { letter: DeadLetter } & (
  | { action: 'replay' }
  | { action: 'skip'; why: 'already replayed' | 'before --since' | 'same event as an earlier dead letter' }
);

/** Where a dead letter sits, as its replay marker names it. */
export const deadLetterPosition = (letter: Pick<DeadLetter, 'partition' | 'offset'>): string => `${letter.partition}:${letter.offset}`;

/**
 * Which dead letters go back, in the order they were parked (per partition): each not replayed before
 * (no marker at its position), parked at or after `since`, and one per event id (an event two consumers
 * both dead-lettered goes back once: each consumer group gets it again anyway).
 */
export function planReplay(letters: readonly DeadLetter[], replayed: ReadonlySet<string>, since: Date | undefined): ReplayDecision[] {
  const events = new Set<string>();
  return letters.map((letter): ReplayDecision => {
    if (replayed.has(deadLetterPosition(letter))) return { letter, action: 'skip', why: 'already replayed' };
    if (since && letter.at.getTime() < since.getTime()) return { letter, action: 'skip', why: 'before --since' };
    if (letter.eventId !== undefined) {
      if (events.has(letter.eventId)) return { letter, action: 'skip', why: 'same event as an earlier dead letter' };
      events.add(letter.eventId);
    }
    return { letter, action: 'replay' };
  });
}

/** A dead-letter topic's message as a DeadLetter; a message that is none (not JSON, no `original`) is null. */
export function readDeadLetter(partition: number, message: Pick<KafkaMessage, 'offset' | 'timestamp' | 'value'>): DeadLetter | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message.value?.toString('utf8') ?? '');
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || !('original' in parsed)) return null;
  const { reason, original, at } = parsed as { reason?: unknown; original: unknown; at?: unknown };
  const parkedAt = typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? new Date(at) : new Date(Number(message.timestamp));
  const field = (name: 'id' | 'key') => {
    const value = typeof original === 'object' && original !== null ? (original as Record<string, unknown>)[name] : undefined;
    return typeof value === 'string' ? value : undefined;
  };
  return { partition, offset: message.offset, at: parkedAt, reason: typeof reason === 'string' ? reason : '', original, eventId: field('id'), key: field('key') };
}

/** The marker topic beside a dead-letter topic: one message per dead letter put back, keyed by its position. */
export const replayMarkerTopic = (deadLetterTopic: string): string => `${deadLetterTopic}.replayed`;

export interface ReplayOptions extends ReplayArguments {
  brokers: string[];
  clientId: string;
  /** Kafka's TLS and SASL settings (an operator's user, allowed to write the topics it replays to). */
  auth?: KafkaAuth;
  /** KAFKA_TOPIC_PREFIX */
  topicPrefix: string;
  /** KAFKA_CONSUMER_GROUP_PREFIX: the command's reads have groups of their own under it, deleted after. */
  groupPrefix: string;
  /** A read that has not reached the topic's end by then gives up. */
  readTimeoutMs?: number;
}

export interface ReplayReport {
  decisions: ReplayDecision[];
  /** How many went back to the topic (0 in a dry run). */
  replayed: number;
}

/**
 * Puts a dead-letter topic's messages back on their topic (distributed mode), once each.
 *
 * Each goes back as it came: the same envelope, so the same event id, with its key and correlation id.
 * A consumer that dead-lettered it recorded nothing in its inbox (the effect's transaction rolled back,
 * or the id is recorded only after an effect succeeds), so it now applies it; a consumer that had
 * applied it already (another service on the topic) finds its id in its inbox and ignores it.
 *
 * Once each: after publishing, a marker per dead letter (its partition and offset) is written to
 * `<topic>.dlt.replayed`, and dead letters with a marker are skipped. Markers are written after the
 * publish, so a crash in between puts those back once more on the next run: the same event ids, which
 * the inboxes dedupe, so the effect still happens once.
 */
export async function replayDeadLetters(options: ReplayOptions): Promise<ReplayReport> {
  const kafka = new (kafkajs().Kafka)(kafkaClientConfig(options.brokers, `${options.clientId}-dlt-replay`, options.auth));
  const onBroker = (topic: string) => `${options.topicPrefix}${topic}`;
  const deadLetters = onBroker(options.deadLetterTopic);
  const markers = onBroker(replayMarkerTopic(options.deadLetterTopic));
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    if (!existing.has(deadLetters)) throw new ReplayUsageError(`There is no topic ${deadLetters} on the broker (${options.brokers.join(', ')}).`);
    if (!existing.has(markers) && !options.dryRun) await createMarkerTopic(admin, markers);
    const replayed = new Set<string>();
    if (existing.has(markers)) {
      await readToEnd(kafka, admin, markers, options, (_partition, message) => {
        if (message.key) replayed.add(message.key.toString('utf8'));
      });
    }
    const letters: DeadLetter[] = [];
    await readToEnd(kafka, admin, deadLetters, options, (partition, message) => {
      const letter = readDeadLetter(partition, message);
      if (letter) letters.push(letter);
    });
    letters.sort((a, b) => a.partition - b.partition || Number(BigInt(a.offset) - BigInt(b.offset)));
    const decisions = planReplay(letters, replayed, options.since);
    if (options.dryRun) return { decisions, replayed: 0 };

    const toReplay = decisions.filter((decision) => decision.action === 'replay').map(({ letter }) => letter);
    // Duplicates of an event put back now are marked too, so the next run does not count them as pending.
    const toMark = decisions.filter((decision) => decision.action === 'replay' || decision.why === 'same event as an earlier dead letter').map(({ letter }) => letter);
    if (toMark.length === 0) return { decisions, replayed: 0 };
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    try {
      if (toReplay.length > 0) {
        await producer.send({
          topic: onBroker(options.topic),
          acks: -1,
          messages: toReplay.map((letter) => ({ key: letter.key ?? null, value: JSON.stringify(letter.original), headers: eventHeaders(letter.original) })),
        });
      }
      const replayedAt = new Date().toISOString();
      await producer.send({
        topic: markers,
        acks: -1,
        messages: toMark.map((letter) => ({ key: deadLetterPosition(letter), value: JSON.stringify({ eventId: letter.eventId ?? null, replayedAt }) })),
      });
    } finally {
      await producer.disconnect().catch(() => undefined);
    }
    return { decisions, replayed: toReplay.length };
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/**
 * The marker topic: compacted (one marker per position) and expiring with the dead letters it marks. A
 * topic just created can be unknown to the broker's metadata for a moment, so a retriable failure is
 * tried again, briefly (retryKafkaRound), as in the services' own topic creation.
 */
async function createMarkerTopic(admin: Admin, topic: string): Promise<void> {
  await retryKafkaRound(async () => {
    await admin.createTopics({
      waitForLeaders: true,
      topics: [{ topic, numPartitions: 1, configEntries: [{ name: 'cleanup.policy', value: 'compact,delete' }, { name: 'retention.ms', value: String(EVENT_TOPIC_RETENTION_MS) }] }],
    });
  });
}

/** Reads a topic from its beginning to the end it had when the read began, with a group of its own (deleted after). */
async function readToEnd(
  kafka: Kafka,
  admin: Admin,
  topic: string,
  options: Pick<ReplayOptions, 'groupPrefix' | 'readTimeoutMs'>,
  onMessage: (partition: number, message: KafkaMessage) => void,
): Promise<void> {
  const remaining = new Map<number, bigint>();
  for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) if (BigInt(high) > BigInt(low)) remaining.set(partition, BigInt(high));
  if (remaining.size === 0) return;
  const groupId = `${options.groupPrefix}dlt-replay-${randomUUID()}`;
  const consumer: Consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 250 });
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let timer: NodeJS.Timeout | undefined;
  try {
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ partition, message }) => {
        const end = remaining.get(partition);
        if (end === undefined) return;
        const offset = BigInt(message.offset);
        if (offset < end) onMessage(partition, message);
        if (offset + 1n >= end) {
          remaining.delete(partition);
          if (remaining.size === 0) finish();
        }
      },
    });
    const timeoutMs = options.readTimeoutMs ?? 60_000;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    if ((await Promise.race([finished, timedOut])) === 'timeout') throw new Error(`reading ${topic} did not reach its end within ${timeoutMs / 1000} s`);
  } finally {
    clearTimeout(timer);
    await consumer.disconnect().catch(() => undefined);
    await admin.deleteGroups([groupId]).catch(() => undefined);
  }
}

/** The command's report, a line per dead letter: what it did (or, in a dry run, would do) and why. */
export function describeReplay(report: ReplayReport, args: Pick<ReplayArguments, 'deadLetterTopic' | 'topic' | 'dryRun'>): string {
  const lines = report.decisions.map(({ letter, ...decision }) => {
    const what = decision.action === 'replay' ? (args.dryRun ? 'would replay' : 'replayed') : `skipped (${decision.why})`;
    return `${what}: ${args.deadLetterTopic} partition ${letter.partition} offset ${letter.offset}, parked ${letter.at.toISOString()}, event ${letter.eventId ?? '(no id)'}: ${letter.reason}`;
  });
  const pending = report.decisions.filter((decision) => decision.action === 'replay').length;
  const summary = args.dryRun
    ? `Dry run: ${pending} of ${report.decisions.length} dead letters would go back to ${args.topic}; nothing was published.`
    : `${report.replayed} of ${report.decisions.length} dead letters went back to ${args.topic}.`;
  return [...lines, summary].join('\n');
}
