import { runWithContext } from '../logging/context';
import { buildEnvelope } from './outbox';

describe('buildEnvelope', () => {
  it('stamps id, version from the topic, time, key and the current correlation id', () => {
    const envelope = runWithContext({ correlationId: 'corr-7' }, () =>
      buildEnvelope('platform.probe-recorded.v1', 'p1', { probeId: 'p1', from: 'unit' }),
    );
    expect(envelope).toMatchObject({ type: 'platform.probe-recorded.v1', version: 1, key: 'p1', correlationId: 'corr-7', payload: { probeId: 'p1', from: 'unit' } });
    expect(envelope.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(envelope.occurredAt).toISOString()).toBe(envelope.occurredAt);
  });

  it('refuses a payload that breaks the topic schema at the source', () => {
    expect(() => buildEnvelope('platform.probe-recorded.v1', 'p1', { probeId: '', from: 'unit' })).toThrow();
  });
});
