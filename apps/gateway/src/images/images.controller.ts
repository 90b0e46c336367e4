import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import { IMAGE_WIDTHS, OptionalWidthQuery, ProxyImageQuery, StoredImageParams } from '@closetly/contracts';
import { DomainError } from '@closetly/server';
import type { FastifyReply } from 'fastify';
import { BetaExempt } from '../beta/beta-token.guard';
import { ZodPipe } from '../http/zod-body.pipe';
import { RateLimit } from '../rate-limit/rate-limit.interceptor';
import { imageFailureError, prefersJson } from './image-errors';
import { negotiateFormat, type OutputFormat } from './image-processor';
import { ImageUrlSigner } from './image-url-signer';
import { type ImageOutcome, ImagesService } from './images.service';

const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);
const PLACEHOLDER_HEADER = 'x-closetly-image';

/**
 * Fixed names, never the upstream's: a name taken from the URL or the origin
 * could carry quotes, paths or another extension into the header.
 */
const INLINE_NAME: Readonly<Record<OutputFormat, string>> = { avif: 'image.avif', webp: 'image.webp', jpeg: 'image.jpg' };
const inline = (fileName: string) => `inline; filename="${fileName}"`;

/**
 * Images for `<img>` tags, which cannot send the beta header: the routes are
 * beta-exempt and the proxy instead accepts only URLs this gateway signed.
 *
 *   200  the image, resized, AVIF/WebP/JPEG by Accept, cached for a day (immutable: a URL's image never changes)
 *   400  a missing or malformed parameter, or a width outside IMAGE_WIDTHS (JSON error)
 *   403  IMAGE_URL_UNSIGNED: no or a wrong signature (JSON error; nothing is fetched)
 *   403  placeholder: the signed URL was refused by the SSRF policy (address, scheme, port, credentials, redirects)
 *   404  placeholder: the upstream gave no usable image (error status, not an image type, too large, timeout,
 *        network, undecodable) or the stored image does not exist
 * Every image carries `Content-Disposition: inline` with a fixed file name (image.avif|webp|jpg, placeholder.png),
 * so a saved or opened image never takes a name from the upstream.
 * Placeholders are PNG images with `x-closetly-image: placeholder` and a 5-minute cache, so an `<img>` shows
 * something either way and a failed image is retried soon. `x-closetly-image-error` names the reason.
 * A client that asks for JSON (Accept prefers application/json) gets JSON errors instead of placeholders:
 *   400  VALIDATION_FAILED on `url`: the upstream answered something that is not an image
 *   403  FORBIDDEN: refused by the SSRF policy;  404  NOT_FOUND: no image otherwise
 * Every route counts against the client's image limit (429 JSON error over it).
 */
@Controller('api')
@BetaExempt()
@RateLimit('images')
export class ImagesController {
  constructor(
    private readonly signer: ImageUrlSigner,
    private readonly images: ImagesService,
  ) {}

  /** GET /api/proxy-image?url={encoded}&w={width}&sig={hmac} */
  @Get('proxy-image')
  async proxyImage(
    @Query(new ZodPipe(ProxyImageQuery)) query: ProxyImageQuery,
    @Headers('accept') accept: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!this.signer.verify(query.url, query.w, query.sig)) throw new DomainError('IMAGE_URL_UNSIGNED', 'This image URL was not signed by Closetly');
    await this.send(reply, await this.images.proxy(query.url, query.w, negotiateFormat(accept)), query.w, accept);
  }

  /** GET /api/image/{id}?w={width}: a stored image (largest width when w is absent). */
  @Get('image/:id')
  async storedImage(
    @Param(new ZodPipe(StoredImageParams)) params: StoredImageParams,
    @Query(new ZodPipe(OptionalWidthQuery)) query: OptionalWidthQuery,
    @Headers('accept') accept: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const width = query.w ?? LARGEST_WIDTH;
    await this.send(reply, await this.images.storedImage(params.id, width, negotiateFormat(accept)), width, accept);
  }

  /** GET /api/placeholder-image?w={width}: the placeholder itself, for the UI's own empty states. */
  @Get('placeholder-image')
  async placeholderImage(@Query(new ZodPipe(OptionalWidthQuery)) query: OptionalWidthQuery, @Res() reply: FastifyReply): Promise<void> {
    const placeholder = await this.images.placeholder(query.w ?? LARGEST_WIDTH);
    await this.secure(reply)
      .status(200)
      .header('content-type', 'image/png')
      .header('content-disposition', inline('placeholder.png'))
      .header('cache-control', 'public, max-age=86400')
      .header(PLACEHOLDER_HEADER, 'placeholder')
      .send(placeholder);
  }

  private async send(reply: FastifyReply, outcome: ImageOutcome, width: number, accept: string | undefined): Promise<void> {
    if (outcome.ok) {
      await this.secure(reply)
        .status(200)
        .header('content-type', outcome.image.contentType)
        .header('content-disposition', inline(INLINE_NAME[outcome.image.format]))
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('vary', 'Accept')
        .send(outcome.image.body);
      return;
    }
    if (prefersJson(accept)) throw imageFailureError(outcome.failure);
    const placeholder = await this.images.placeholder(width);
    await this.secure(reply)
      .status(outcome.failure.kind === 'refused' ? 403 : 404)
      .header('content-type', 'image/png')
      .header('content-disposition', inline('placeholder.png'))
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'Accept') // a JSON client gets an error body instead
      .header(PLACEHOLDER_HEADER, 'placeholder')
      .header('x-closetly-image-error', outcome.failure.reason)
      .send(placeholder);
  }

  /** Opened directly, an image response must not be sniffed into anything else or run anything. */
  private secure(reply: FastifyReply): FastifyReply {
    return reply.header('x-content-type-options', 'nosniff').header('content-security-policy', "default-src 'none'; sandbox");
  }
}
