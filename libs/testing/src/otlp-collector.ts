import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as an OTLP/HTTP JSON export carries it, with the service that sent it. */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  attributes: Record<string, unknown>;
}

export interface OtlpCollector {
  /** OTEL_EXPORTER_OTLP_ENDPOINT for the processes under test. */
  url: string;
  spans(): CollectedSpan[];
  close(): Promise<void>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpJson {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: OtlpValue }> };
    scopeSpans?: Array<{ spans?: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; attributes?: Array<{ key: string; value: OtlpValue }> }> }>;
  }>;
}

const valueOf = (value: OtlpValue): unknown => value.stringValue ?? value.intValue ?? value.boolValue ?? value.doubleValue;

/**
 * A trace collector on loopback (the OTLP/HTTP JSON protocol's /v1/traces), standing in for the
 * operator's: the processes export to it as they would to a real one, and the test reads what came.
 */
export async function startOtlpCollector(): Promise<OtlpCollector> {
  const collected: CollectedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as OtlpJson;
        for (const resource of body.resourceSpans ?? []) {
          const service = String(valueOf(resource.resource?.attributes?.find((attribute) => attribute.key === 'service.name')?.value ?? {}) ?? '');
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              collected.push({
                service,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                attributes: Object.fromEntries((span.attributes ?? []).map((attribute) => [attribute.key, valueOf(attribute.value)])),
              });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => [...collected],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
