import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Injectable, Logger } from '@nestjs/common';
import type { ApiErrorBody } from '@closetly/contracts';
import { DomainError, engineUnavailable, isEngineOutage, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@closetly/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { codeForStatus, isApiErrorCode, statusForCode } from './error-status';
import { SpaService } from './spa.service';

/**
 * Every HTTP failure leaves as `{ error: { code, message, fields? } }` with the
 * status its code maps to. Unknown failures are logged and become a plain 500
 * without internals. A browser GET for an unknown non-API path gets the SPA.
 */
@Catch()
@Injectable()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly log = new Logger('HttpErrorFilter');

  constructor(private readonly spa: SpaService) {}

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    if (host.getType() !== 'http') throw exception;
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();

    if (exception instanceof HttpException && exception.getStatus() === 404 && this.wantsSpa(request)) {
      const { html, built } = await this.spa.index();
      await reply.status(built ? 200 : 503).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
      return;
    }

    // The gateway's own engines (the rate limiters' Redis) failing is an outage too: 503, not 500.
    const failure = !(exception instanceof DomainError) && !(exception instanceof HttpException) && isEngineOutage(exception) ? engineUnavailable() : exception;
    const { status, body } = this.toResponse(failure);
    const retryAfter = failure instanceof DomainError ? (failure.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds : undefined;
    if (status === 429 && typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    if (status === 503) void reply.header('retry-after', String(typeof retryAfter === 'number' ? retryAfter : UNAVAILABLE_RETRY_AFTER_SECONDS));
    // The path without its query: an OpenID callback's query carries the authorization code.
    if (status >= 500) this.log.error({ err: exception, path: request.url.split('?')[0] }, 'request failed');
    await reply.status(status).header('cache-control', 'no-store').send(body);
  }

  private wantsSpa(request: FastifyRequest): boolean {
    return (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
  }

  private toResponse(exception: unknown): { status: number; body: ApiErrorBody } {
    if (exception instanceof DomainError) {
      if (!isApiErrorCode(exception.code)) {
        this.log.error({ code: exception.code }, 'domain error code without an HTTP mapping');
        return { status: 500, body: { error: { code: 'INTERNAL', message: 'An unexpected error occurred.' } } };
      }
      const status = statusForCode(exception.code);
      const fields = exception.code === 'VALIDATION_FAILED' && isFieldMap(exception.details) ? exception.details : undefined;
      const message = status >= 500 && exception.code === 'INTERNAL' ? 'An unexpected error occurred.' : exception.message;
      return { status, body: { error: { code: exception.code, message, ...(fields ? { fields } : {}) } } };
    }
    const status = httpStatusOf(exception);
    if (status === 415) return { status, body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the body as JSON, with Content-Type: application/json.' } } };
    if (status !== undefined && status < 500) {
      const message = exception instanceof Error ? exception.message : 'Request failed';
      return { status, body: { error: { code: codeForStatus(status), message } } };
    }
    return { status: 500, body: { error: { code: 'INTERNAL', message: 'An unexpected error occurred.' } } };
  }
}

/** Nest's HttpException or a Fastify error (body too large, bad JSON, bad media type). */
export function httpStatusOf(exception: unknown): number | undefined {
  if (exception instanceof HttpException) return exception.getStatus();
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 600 ? statusCode : undefined;
}

const isFieldMap = (value: unknown): value is Record<string, string[]> =>
  typeof value === 'object' && value !== null && Object.values(value).every((v) => Array.isArray(v));
