import { randomUUID } from 'node:crypto';
import { deadLetterTopic } from '@closetly/contracts';
import { engines, newKafkaNamespace, pollUntil, removeKafkaNamespace } from '@closetly/testing';
import { buildEnvelope, replayDeadLetters, type ReplayOptions } from '../src';
import { type ProbeHarness, startProbeHarness } from './support/probe-harness';

const TOPIC = 'platform.probe-recorded.v1';

/**
 * `npm run events:replay` on a real broker (distributed mode): a poison event is dead-lettered, the
 * consumer's code is fixed, and the dead letter is put back on its topic. Its effect happens once,
 * though the replay runs twice (and once more as a dry run first).
 */
describe('dead-letter replay (real Kafka)', () => {
  const namespace = newKafkaNamespace();
  let harness: ProbeHarness;
  const replay = (overrides: Partial<ReplayOptions> = {}) =>
    replayDeadLetters({
      deadLetterTopic: deadLetterTopic(TOPIC),
      topic: TOPIC,
      since: undefined,
      dryRun: false,
      brokers: engines.kafkaBrokers,
      clientId: 'replay-test',
      topicPrefix: namespace.topicPrefix,
      groupPrefix: namespace.groupPrefix,
      ...overrides,
    });

  beforeAll(async () => {
    harness = await startProbeHarness('distributed', { kafka: namespace, consumerGroup: `${namespace.groupPrefix}probe` });
  });
  afterAll(async () => {
    await harness?.close();
    await removeKafkaNamespace(namespace);
  });

  it('puts a poison event back once its consumer is fixed, and its effect happens once', async () => {
    const poison = buildEnvelope(TOPIC, 'replay-key', { probeId: `poison-${randomUUID()}`, from: 'replay-test' });
    await harness.platform.events.publish([{ topic: TOPIC, key: poison.key, envelope: poison }]);
    await pollUntil(() => harness.deadLetters(TOPIC), (letters) => letters.some((letter) => (letter.original as { id?: string }).id === poison.id), {
      what: 'the poison event on the dead-letter topic',
    });
    expect(await harness.probes.counts(poison.id)).toEqual({ effects: 0, deliveries: 1 });

    // The fix ships.
    harness.probes.poisonFixed = true;

    const inTheFuture = await replay({ since: new Date(Date.now() + 60_000) });
    expect(inTheFuture.replayed).toBe(0);
    expect(inTheFuture.decisions.map((d) => d.action === 'skip' && d.why)).toEqual(['before --since']);

    const dryRun = await replay({ dryRun: true });
    expect(dryRun.replayed).toBe(0);
    expect(dryRun.decisions.map((d) => [d.letter.eventId, d.action])).toEqual([[poison.id, 'replay']]);
    expect(dryRun.decisions[0]?.letter.reason).toMatch(/poison probe/);

    const first = await replay();
    expect(first.replayed).toBe(1);
    await pollUntil(() => harness.probes.counts(poison.id), (counts) => counts.effects === 1, { what: 'the replayed effect' });

    const second = await replay();
    expect(second.replayed).toBe(0);
    expect(second.decisions.map((d) => d.action === 'skip' && d.why)).toEqual(['already replayed']);

    // An event with the poison's key after it all (the same partition, so delivered after anything the
    // dry run or the second run might have sent): once it has landed, the poison came back exactly once.
    const after = buildEnvelope(TOPIC, poison.key, { probeId: `after-${randomUUID()}`, from: 'replay-test' });
    await harness.platform.events.publish([{ topic: TOPIC, key: after.key, envelope: after }]);
    await pollUntil(() => harness.probes.counts(after.id), (counts) => counts.effects === 1, { what: 'the event after the replays' });
    expect(await harness.probes.counts(poison.id)).toEqual({ effects: 1, deliveries: 2 });
  });

  it("reports the consumer group's lag per partition and the dead letters parked for its topics (the admin System panel)", async () => {
    const status = await pollUntil(
      () => harness.platform.events.consumerStatus(`${namespace.groupPrefix}probe`),
      (s) => (s.lag ?? []).length > 0 && (s.lag ?? []).every((partition) => partition.lag === 0),
      { what: 'the group caught up' },
    );
    expect(new Set(status.lag?.map((partition) => partition.topic))).toEqual(new Set([TOPIC]));
    expect(status.deadLetters).toEqual([{ topic: deadLetterTopic(TOPIC), count: 1 }]);
    expect(await harness.platform.events.consumerStatus(`${namespace.groupPrefix}nobody`)).toEqual({ lag: [], deadLetters: [] });
  });
});
