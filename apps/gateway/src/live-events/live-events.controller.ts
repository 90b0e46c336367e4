import { PassThrough } from 'node:stream';
import { Controller, Get, Headers, Res } from '@nestjs/common';
import type { Caller } from '@closetly/contracts';
import type { FastifyReply } from 'fastify';
import { Authenticated, CurrentUser, ExtensionAllowed } from '../auth/auth.guards';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';
import { LiveStreams } from './live-streams';

/**
 * GET /api/events: the caller's live changes as Server-Sent Events (issue 26). Read with fetch, so the beta
 * token and the bearer token travel as headers; the extension's token may open one too.
 */
@Controller('api')
export class LiveEventsController {
  constructor(private readonly streams: LiveStreams) {}

  @Get('events')
  @Authenticated()
  @ExtensionAllowed()
  @RateLimit('live-events')
  async events(@CurrentUser() caller: Caller, @Headers('last-event-id') lastEventId: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const body = new PassThrough();
    // Refused (a full replica, a user at their cap) before any byte: the error filter answers as JSON.
    await this.streams.start(caller, resumePoint(lastEventId), { body, onClientGone: (listener) => reply.raw.once('close', listener) });
    // text/event-stream is never compressed (@fastify/compress leaves it), so each frame leaves at once.
    await reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(body);
  }
}

/** The client's Last-Event-ID, or none. A malformed one is passed on: the log answers it with a resync. */
function resumePoint(header: string | undefined): string | null {
  return header?.trim() || null;
}
