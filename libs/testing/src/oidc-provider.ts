import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { freePortBlock } from './free-ports';

export interface OidcTestUser {
  sub: string;
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

export interface OidcTestProvider {
  /** The address the product must use as PUBLIC_URL (the provider only redirects back there). */
  publicUrl: string;
  /** The product's port, matching publicUrl. */
  productPort: number;
  /** Settings that point a product at this provider (PORT, PUBLIC_URL, OIDC_*). */
  productEnv: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider, in its own process because it is
 * ESM-only) standing in for Google. It registers one client whose redirect is
 * the product's callback on a port chosen here, so start the product with
 * `productEnv`. Users sign in automatically (see oidc-test-provider.mjs).
 */
export async function startOidcTestProvider(users: Record<string, OidcTestUser>): Promise<OidcTestProvider> {
  // One block: the provider, then the product whose callback it redirects to.
  const providerPort = await freePortBlock([0, 1]);
  const productPort = providerPort + 1;
  const publicUrl = `http://127.0.0.1:${productPort}`;
  const clientId = 'closetly-test-client';
  const clientSecret = 'closetly-test-client-secret-0123456789';
  const provider: ChildProcess = spawn(process.execPath, [join(__dirname, 'oidc-test-provider.mjs')], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      OIDC_PORT: String(providerPort),
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
      OIDC_REDIRECT_URI: `${publicUrl}/api/auth/oidc/callback`,
      OIDC_USERS: JSON.stringify(users),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    provider.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    provider.once('exit', (code) => reject(new Error(`provider exited with ${code}`)));
  });
  return {
    publicUrl,
    productPort,
    productEnv: {
      PORT: String(productPort),
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: `http://127.0.0.1:${providerPort}`,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: clientSecret,
    },
    async stop() {
      if (provider.exitCode !== null || provider.signalCode !== null) return;
      provider.kill('SIGTERM');
      await once(provider, 'exit');
    },
  };
}
