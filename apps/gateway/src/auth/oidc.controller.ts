import { randomBytes } from 'node:crypto';
import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { type AuthSession, OIDC_MESSAGE_TYPE, OidcCompleteRequest, type OidcPopupMessage, OidcStartQuery, type OidcStartResponse, type SignInOptions } from '@closetly/contracts';
import { DomainError, RPC_CLIENT, type RpcClient } from '@closetly/server';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { BetaExempt } from '../beta/beta-token.guard';
import { ZodPipe } from '../http/zod-body.pipe';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';
import { deviceOf } from './device';

/** The page the provider redirects the popup to: hands the result to the opener (same origin only) and closes. */
function callbackPage(message: OidcPopupMessage): { html: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64');
  const json = JSON.stringify(message).replace(/</g, '\\u003c');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Closetly sign-in</title></head><body>
<p id="status">Finishing sign-in…</p>
<script nonce="${nonce}">(function () {
  var message = ${json};
  if (window.opener) { window.opener.postMessage(message, window.location.origin); window.close(); }
  else { document.getElementById('status').textContent = 'You can close this window and try again.'; }
})();</script></body></html>`;
  return { html, nonce };
}

/** Third-party sign-in in a popup: start (beta-gated fetch), provider callback (a browser navigation), complete (beta-gated fetch). */
@Controller('api/auth/oidc')
export class OidcController {
  constructor(@Inject(RPC_CLIENT) private readonly rpc: RpcClient) {}

  /** Whether third-party sign-in is configured: the sign-in and sign-up pages show its button only then. */
  @Get('options')
  options(): Promise<SignInOptions> {
    return this.rpc.call('identity.sign-in-options', {});
  }

  @Get('start')
  @RateLimit('oidc')
  start(@Query(new ZodPipe(OidcStartQuery)) query: z.infer<typeof OidcStartQuery>): Promise<OidcStartResponse> {
    return this.rpc.call('identity.oidc-start', { intent: query.intent });
  }

  /** A navigation from the provider carries no beta header; the single-use state ties it to a started attempt. */
  @Get('callback')
  @BetaExempt()
  @RateLimit('oidc')
  async callback(@Query() query: Record<string, unknown>, @Res() reply: FastifyReply): Promise<void> {
    const params = Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length <= 4096));
    let message: OidcPopupMessage;
    try {
      const { loginCode } = await this.rpc.call('identity.oidc-callback', { params });
      message = { type: OIDC_MESSAGE_TYPE, ok: true, loginCode };
    } catch (error) {
      message = { type: OIDC_MESSAGE_TYPE, ok: false, error: error instanceof DomainError ? error.message : 'Sign-in failed.' };
    }
    const { html, nonce } = callbackPage(message);
    await reply
      .status(message.ok ? 200 : 400)
      .header('content-security-policy', `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      // The popup arrives here from the provider's origin; any stricter policy would cut it off from its opener.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  @Post('complete')
  @HttpCode(200)
  @RateLimit('refresh')
  complete(@Body(new ZodPipe(OidcCompleteRequest)) body: OidcCompleteRequest, @Headers('user-agent') userAgent?: string): Promise<AuthSession> {
    return this.rpc.call('identity.oidc-complete', { ...body, device: deviceOf(userAgent) });
  }
}
