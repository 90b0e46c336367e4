import type { ArgumentsHost } from '@nestjs/common';
import { DomainError } from '@closetly/server';
import { mockOf } from '@closetly/testing';
import { HttpErrorFilter } from './http-error.filter';
import { SpaService } from './spa.service';

/** A Fastify reply that records what the filter sent. */
function recordingReply() {
  const sent: { status?: number; headers: Record<string, string>; body?: unknown } = { headers: {} };
  const reply = {
    status(code: number) {
      sent.status = code;
      return reply;
    },
    header(name: string, value: string) {
      sent.headers[name.toLowerCase()] = value;
      return reply;
    },
    type() {
      return reply;
    },
    async send(body: unknown) {
      sent.body = body;
    },
  };
  return { reply, sent };
}

async function answer(exception: unknown) {
  const { reply, sent } = recordingReply();
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => ({ method: 'POST', url: '/api/save?x=1' }), getResponse: () => reply }),
  } as unknown as ArgumentsHost;
  await new HttpErrorFilter(mockOf(SpaService)).catch(exception, host);
  return sent;
}

describe('HttpErrorFilter', () => {
  it('answers an engine the gateway cannot reach with 503 and a Retry-After, naming no address', async () => {
    const sent = await answer(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }));
    expect(sent.status).toBe(503);
    expect(sent.headers['retry-after']).toBe('5');
    expect(sent.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'The service is temporarily unavailable. Please try again shortly.' } });
  });

  it('puts a Retry-After on every 503, the service’s own or the default', async () => {
    expect((await answer(new DomainError('SERVICE_UNAVAILABLE', 'Search is unavailable', { retryAfterSeconds: 12 }))).headers['retry-after']).toBe('12');
    expect((await answer(new DomainError('SERVICE_UNAVAILABLE', 'Search is unavailable'))).headers['retry-after']).toBe('5');
  });

  it('keeps a bug a 500 without internals', async () => {
    const sent = await answer(new TypeError('secret detail'));
    expect(sent.status).toBe(500);
    expect(sent.headers['retry-after']).toBeUndefined();
    expect(sent.body).toEqual({ error: { code: 'INTERNAL', message: 'An unexpected error occurred.' } });
  });
});
