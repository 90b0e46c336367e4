import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

const NOT_BUILT_PAGE =
  '<!doctype html><meta charset="utf-8"><title>Closetly</title><p>The web app is not built yet. Run <code>npm run build:web</code>, then reload.</p>';

/** The SPA's index.html, served for every browser path that is not a file or /api (history fallback). */
@Injectable()
export class SpaService {
  private indexHtml: string | undefined;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  get distDir(): string {
    return this.config.WEB_DIST_DIR;
  }

  async index(): Promise<{ html: string; built: boolean }> {
    if (this.indexHtml) return { html: this.indexHtml, built: true };
    try {
      this.indexHtml = await readFile(join(this.config.WEB_DIST_DIR, 'index.html'), 'utf8');
      return { html: this.indexHtml, built: true };
    } catch {
      return { html: NOT_BUILT_PAGE, built: false };
    }
  }
}
