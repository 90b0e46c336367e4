import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { buildEnvelope } from '../events/outbox';
import { runWithContext } from '../logging/context';
import { endSpan, isTraceparent, setUpTracing, SpanKind, startSpan, traceparentOf } from './tracing';

const probe = { probeId: 'p-1', from: 'test' };

describe('tracing', () => {
  it('is off without an exporter: spans record nothing and events carry no traceparent', async () => {
    const tracing = setUpTracing({ serviceName: 'test', env: {} });
    expect(tracing.enabled).toBe(false);
    expect(traceparentOf(startSpan('work', SpanKind.INTERNAL, undefined))).toBeUndefined();
    expect(buildEnvelope('platform.probe-recorded.v1', 'k', probe).traceparent).toBeUndefined();
    await tracing.shutdown();
  });

  describe('with an exporter', () => {
    const exporter = new InMemorySpanExporter();
    let tracing: ReturnType<typeof setUpTracing>;
    beforeAll(() => {
      tracing = setUpTracing({ serviceName: 'test', env: {}, exporter });
    });
    afterAll(() => tracing.shutdown());
    beforeEach(() => exporter.reset());

    it('makes a span the child of the span a traceparent names, in the same trace', () => {
      const parent = startSpan('parent', SpanKind.SERVER, undefined);
      const parentTraceparent = traceparentOf(parent);
      expect(isTraceparent(parentTraceparent)).toBe(true);
      const child = startSpan('child', SpanKind.CLIENT, parentTraceparent);
      endSpan(child, new Error('boom'), { 'error.type': 'INTERNAL' });
      endSpan(parent);
      const [childSpan, parentSpan] = exporter.getFinishedSpans();
      expect(childSpan?.spanContext().traceId).toBe(parentSpan?.spanContext().traceId);
      expect(childSpan?.parentSpanContext?.spanId).toBe(parentSpan?.spanContext().spanId);
      expect(childSpan?.status).toMatchObject({ code: 2, message: 'boom' });
      expect(childSpan?.attributes).toMatchObject({ 'error.type': 'INTERNAL' });
    });

    it('gives an event a span of its own, under the work that wrote it, and under its cause in a batch of many', () => {
      const request = startSpan('request', SpanKind.SERVER, undefined);
      const cause = startSpan('cause', SpanKind.CONSUMER, undefined);
      const requestTraceparent = traceparentOf(request)!;
      const causeTraceparent = traceparentOf(cause)!;
      const [own, caused] = runWithContext({ correlationId: 'c-request', traceparent: requestTraceparent, causes: new Map([['c-cause', causeTraceparent]]) }, () => [
        buildEnvelope('platform.probe-recorded.v1', 'k', probe),
        buildEnvelope('platform.probe-recorded.v1', 'k', probe, 'c-cause'),
      ]);
      const created = exporter.getFinishedSpans();
      expect(created.map((span) => span.name)).toEqual(['platform.probe-recorded.v1 create', 'platform.probe-recorded.v1 create']);
      expect(created[0]?.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      expect(created[1]?.parentSpanContext?.spanId).toBe(cause.spanContext().spanId);
      expect(own?.traceparent).toContain(created[0]?.spanContext().spanId);
      expect(caused?.traceparent).toContain(created[1]?.spanContext().spanId);
      expect(created[1]?.attributes).toMatchObject({ 'messaging.destination.name': 'platform.probe-recorded.v1', 'closetly.correlation_id': 'c-cause' });
    });

    it('takes only a well-formed traceparent from outside', () => {
      expect(isTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')).toBe(true);
      for (const bad of ['', '00-xyz', 'ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01x', 42, undefined]) expect(isTraceparent(bad)).toBe(false);
    });
  });
});
