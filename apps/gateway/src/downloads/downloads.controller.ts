import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { DomainError } from '@closetly/server';
import type { FastifyReply } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/**
 * GET /downloads/closetly-extension.zip: the Chrome extension for side-loading
 * (issue 12), the web app's fallback when no store listing is configured.
 * Outside /api, so no beta token: the zip holds nothing private.
 */
@Controller('downloads')
export class DownloadsController {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  @Get('closetly-extension.zip')
  @Header('content-type', 'application/zip')
  @Header('content-disposition', 'attachment; filename="closetly-extension.zip"')
  @Header('cache-control', 'no-cache')
  async extension(@Res() reply: FastifyReply): Promise<void> {
    const file = this.config.EXTENSION_ZIP_PATH;
    const size = await stat(file).then((found) => (found.isFile() ? found.size : null), () => null);
    if (size === null) throw new DomainError('NOT_FOUND', 'The extension has not been built (npm run build:extension).');
    await reply.header('content-length', size).send(createReadStream(file));
  }
}
