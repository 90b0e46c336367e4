import { z } from 'zod';
import { NO_TEST_HOSTS, parseTestHosts, type TestHosts } from '../outbound/test-hosts';

/**
 * OUTBOUND_TEST_HOSTS: `host=127.x.y.z:port,...`, for tests, benches and our
 * own checks only. Every process that fetches from outside (the gateway's
 * image proxy, page watch) reads it; refused with NODE_ENV=production.
 */
export const OutboundEnv = z.object({
  OUTBOUND_TEST_HOSTS: z
    .string()
    .default('')
    .transform((value, context): TestHosts => {
      try {
        return parseTestHosts(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
        return NO_TEST_HOSTS;
      }
    }),
});
export type OutboundEnv = z.infer<typeof OutboundEnv>;

/** on: reaches retailers; off: reads nothing; test-hosts: reads only the hosts OUTBOUND_TEST_HOSTS maps. */
export const PAGE_WATCH_MODES = ['on', 'off', 'test-hosts'] as const;
export type PageWatchMode = (typeof PAGE_WATCH_MODES)[number];

/** The page-watch service's settings of the outbound page fetcher (its config extends this). */
export const PageWatchEnv = OutboundEnv.extend({
  /** Default: `on` with NODE_ENV=production, `off` otherwise (see pageWatchMode). */
  PAGE_WATCH: z.enum(PAGE_WATCH_MODES).optional(),
  /** The least time between two requests to one host (robots.txt included). */
  PAGE_WATCH_PACE_MS: z.coerce.number().int().min(100).max(3_600_000).default(2_000),
  /** Requests waiting for one host's turn; one more is refused (unreadable, queue-full). */
  PAGE_WATCH_QUEUE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(100),
});
export type PageWatchEnv = z.infer<typeof PageWatchEnv>;

/** What PAGE_WATCH means once NODE_ENV has supplied the default. */
export function pageWatchMode(config: { NODE_ENV: string; PAGE_WATCH?: PageWatchMode | undefined }): PageWatchMode {
  return config.PAGE_WATCH ?? (config.NODE_ENV === 'production' ? 'on' : 'off');
}

/**
 * A superRefine for a config that has NODE_ENV: the test-only outbound
 * settings stop the boot in production, so a stray variable can never point a
 * retailer's host at a local listener, nor silence page watch, in a deployment.
 */
export function refuseTestOutboundInProduction(
  config: { NODE_ENV: string; OUTBOUND_TEST_HOSTS: TestHosts; PAGE_WATCH?: PageWatchMode | undefined },
  context: z.RefinementCtx,
): void {
  if (config.NODE_ENV !== 'production') return;
  if (config.OUTBOUND_TEST_HOSTS.size > 0) {
    context.addIssue({ code: 'custom', path: ['OUTBOUND_TEST_HOSTS'], message: 'is for tests and cannot be set with NODE_ENV=production' });
  }
  if (config.PAGE_WATCH === 'test-hosts') {
    context.addIssue({ code: 'custom', path: ['PAGE_WATCH'], message: 'test-hosts is for tests and cannot be used with NODE_ENV=production' });
  }
}
