import { CatalogueModule } from '@closetly/catalogue';
import type { EventPayload, EventTopic } from '@closetly/contracts';
import { DEMO_BETA_CODE } from '@closetly/identity';
import { OutboxWriter, UnitOfWork } from '@closetly/server';
import { confirmEmailByLink, type SmtpCapture, startSmtpCapture } from '@closetly/testing';
import { type EmbeddedApp, startEmbeddedApp } from '../embedded-app';

export interface RunningProduct {
  baseUrl: string;
  demoBetaCode: string;
  /** A valid beta token, fetched through the real verify-beta call. */
  betaToken(): Promise<string>;
  /**
   * The product's mail, when the test left SMTP_URL to it: a local SMTP
   * server that keeps every message (null when the test named its own).
   */
  mail: SmtpCapture | null;
  /**
   * Confirms the account's e-mail through the link sign-up mailed, as its
   * owner would: only confirmed accounts count toward what other shoppers see.
   * Needs `mail` (with a test's own SMTP server, use confirmEmailByLink).
   */
  confirmEmail(email: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A test hook: writes an event into the catalogue's outbox, as the catalogue itself would, so its relay
 * publishes it on the product's bus and every consumer of the topic receives it (e.g. a price change the
 * catalogue has no fake retailer to observe in this test).
 */
export type PublishEvent = <T extends EventTopic>(topic: T, key: string, payload: EventPayload<T>) => Promise<void>;

export interface EmbeddedProduct extends RunningProduct {
  signingSecrets: EmbeddedApp['signingSecrets'];
  publishEvent: PublishEvent;
  /** The process's `/metrics` address when the test set METRICS_PORT (0: a free port). */
  metricsUrl: string | undefined;
}

/**
 * The whole product in this process on its embedded engines (throwaway
 * in-memory PGlite, in-process bus), on a free port, with no demo catalogue
 * (`SEED_DEMO_CATALOGUE: 'true'` in `env` seeds it). `env` overrides settings.
 * Keys not given are generated for this run only, as `npm start` does with
 * an in-memory DATA_DIR.
 */
export async function startEmbeddedProduct(env: Record<string, string> = {}): Promise<EmbeddedProduct> {
  const mail = env.SMTP_URL ? null : await startSmtpCapture();
  const app = await startEmbeddedApp({
    ...(mail ? { SMTP_URL: mail.url } : {}),
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
  const stop = async () => {
    await app.close();
    await mail?.close();
  };
  const catalogue = app.app.select(CatalogueModule);
  const publishEvent: PublishEvent = async (topic, key, payload) => {
    await catalogue.get(UnitOfWork).run((tx) => catalogue.get(OutboxWriter).add(tx, topic, key, payload));
  };
  return { ...productAt(app.url, stop, mail), signingSecrets: app.signingSecrets, metricsUrl: app.metricsUrl, publishEvent };
}

export function productAt(baseUrl: string, stop: () => Promise<void>, mail: SmtpCapture | null = null): RunningProduct {
  return {
    baseUrl,
    demoBetaCode: DEMO_BETA_CODE,
    mail,
    async confirmEmail(email: string) {
      if (!mail) throw new Error('this product sends mail to the test\'s own SMTP server: use confirmEmailByLink with it');
      await confirmEmailByLink({ baseUrl, betaToken: await this.betaToken(), smtp: mail, email });
    },
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
