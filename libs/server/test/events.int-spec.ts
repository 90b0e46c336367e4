import { randomUUID } from 'node:crypto';
import { newKafkaNamespace, pollUntil, removeKafkaNamespace } from '@closetly/testing';
import { buildEnvelope } from '../src';
import { type Mode, type ProbeHarness, startProbeHarness } from './support/probe-harness';

const TOPIC = 'platform.probe-recorded.v1';

/**
 * One contract for both event paths: outbox → relay → bus → inbox, embedded
 * (PGlite + in-process bus) and distributed (PostgreSQL + real Kafka).
 */
describe.each<Mode>(['embedded', 'distributed'])('events contract (%s)', (mode) => {
  let harness: ProbeHarness;
  // Topics of its own: a new consumer group reads its topic from the beginning, and on a shared topic that
  // is every earlier run's events (flaky and poison probes included), so catching up outgrew the timeouts.
  const kafka = newKafkaNamespace();

  beforeAll(async () => {
    harness = await startProbeHarness(mode, mode === 'distributed' ? { kafka } : {});
  });
  afterAll(async () => {
    await harness.close();
    if (mode === 'distributed') await removeKafkaNamespace(kafka);
  });

  it('delivers an event written through the outbox exactly once in effect', async () => {
    const envelope = await harness.probes.send(`probe-${randomUUID()}`);
    const counts = await pollUntil(() => harness.probes.counts(envelope.id), (c) => c.effects >= 1, { what: 'the probe effect' });
    expect(counts).toEqual({ effects: 1, deliveries: 1 });
  });

  it('applies no second effect when the same event is delivered again', async () => {
    const envelope = await harness.probes.send(`probe-${randomUUID()}`);
    await pollUntil(() => harness.probes.counts(envelope.id), (c) => c.effects === 1, { what: 'the first effect' });
    await harness.platform.events.publish([{ topic: TOPIC, key: envelope.key, envelope }]);
    const counts = await pollUntil(() => harness.probes.counts(envelope.id), (c) => c.deliveries === 2, { what: 'the redelivery' });
    expect(counts).toEqual({ effects: 1, deliveries: 2 });
  });

  it('retries a transient consumer failure until the effect lands once', async () => {
    const envelope = await harness.probes.send(`flaky-${randomUUID()}`);
    const counts = await pollUntil(() => harness.probes.counts(envelope.id), (c) => c.effects >= 1, { what: 'the retried effect', timeoutMs: 40_000 });
    expect(counts.effects).toBe(1);
    expect(counts.deliveries).toBe(3);
  });

  it('parks messages that can never be processed on the dead-letter topic and keeps going', async () => {
    const junkKey = `junk-${randomUUID()}`;
    const junk = { not: 'an envelope', junkKey };
    await harness.platform.events.publish([{ topic: TOPIC, key: junkKey, envelope: junk as never }]);
    const poison = buildEnvelope(TOPIC, 'poison', { probeId: `poison-${randomUUID()}`, from: 'test' });
    await harness.platform.events.publish([{ topic: TOPIC, key: poison.key, envelope: poison }]);
    const after = await harness.probes.send(`probe-${randomUUID()}`);

    await pollUntil(() => harness.probes.counts(after.id), (c) => c.effects === 1, { what: 'the event after the bad ones' });
    const parked = await pollUntil(
      () => harness.deadLetters(TOPIC),
      (letters) =>
        letters.some((l) => (l.original as { junkKey?: string }).junkKey === junkKey) &&
        letters.some((l) => (l.original as { id?: string }).id === poison.id),
      { what: 'both dead letters' },
    );
    const junkLetter = parked.find((l) => (l.original as { junkKey?: string }).junkKey === junkKey);
    expect(junkLetter?.reason).toMatch(/invalid envelope/);
    expect(parked.find((l) => (l.original as { id?: string }).id === poison.id)?.reason).toMatch(/poison probe/);
    expect(await harness.probes.counts(poison.id)).toEqual({ effects: 0, deliveries: 1 });
  });
});
