import { DEMO_BETA_CODE } from '@closetly/identity';
import { startEmbeddedApp } from '../embedded-app';

export interface RunningProduct {
  baseUrl: string;
  demoBetaCode: string;
  /** A valid beta token, fetched through the real verify-beta call. */
  betaToken(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The whole product in this process on its embedded engines (throwaway
 * in-memory PGlite, in-process bus), on a free port. `env` overrides settings.
 */
export async function startEmbeddedProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const app = await startEmbeddedApp({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: ':memory:',
    HOST: '127.0.0.1',
    PORT: '0',
    ...env,
  });
  return productAt(app.url, () => app.close());
}

export function productAt(baseUrl: string, stop: () => Promise<void>): RunningProduct {
  return {
    baseUrl,
    demoBetaCode: DEMO_BETA_CODE,
    async betaToken() {
      const response = await fetch(`${baseUrl}/api/verify-beta`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: DEMO_BETA_CODE }),
      });
      const body = (await response.json()) as { verified: boolean; betaToken?: string };
      if (!body.betaToken) throw new Error(`verify-beta refused the demo code: ${JSON.stringify(body)}`);
      return body.betaToken;
    },
    stop,
  };
}
