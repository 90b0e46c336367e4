import { DEMO_BETA_CODE } from '@closetly/identity';
import { type EmbeddedApp, startEmbeddedApp } from '../embedded-app';

export interface RunningProduct {
  baseUrl: string;
  demoBetaCode: string;
  /** A valid beta token, fetched through the real verify-beta call. */
  betaToken(): Promise<string>;
  stop(): Promise<void>;
}

export interface EmbeddedProduct extends RunningProduct {
  signingSecrets: EmbeddedApp['signingSecrets'];
}

/**
 * The whole product in this process on its embedded engines (throwaway
 * in-memory PGlite, in-process bus), on a free port, with no demo catalogue
 * (`SEED_DEMO_CATALOGUE: 'true'` in `env` seeds it). `env` overrides settings.
 * Keys not given are generated for this run only, as `npm start` does with
 * an in-memory DATA_DIR.
 */
export async function startEmbeddedProduct(env: Record<string, string> = {}): Promise<EmbeddedProduct> {
  const app = await startEmbeddedApp({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: ':memory:',
    HOST: '127.0.0.1',
    PORT: '0',
    // Tests start empty; a test that wants the demo catalogue asks for it.
    SEED_DEMO_CATALOGUE: 'false',
    ...env,
  });
  return { ...productAt(app.url, () => app.close()), signingSecrets: app.signingSecrets };
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
