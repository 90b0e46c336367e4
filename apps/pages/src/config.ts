import { PageWatchEnv, parseEnv, refuseTestOutboundInProduction, serviceEnv } from '@closetly/server';
import { z } from 'zod';
import { REFRESH_MS } from './page-watch-cadence';

export const PAGES_CONFIG = Symbol('PAGES_CONFIG');

/** The page-watch worker's pace when nothing says otherwise: once a minute. */
const DEFAULT_INTERVAL_MS = 60_000;

export const PagesConfig = serviceEnv('PAGES_HTTP_PORT', 4207)
  .extend(PageWatchEnv.shape)
  .extend({
    /** Where users reach the product: the fetcher's User-Agent names `{PUBLIC_URL}/about`. */
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
    /**
     * How often the worker reads due pages; 0 turns the schedule off (pages
     * are then read only when an administrator asks). Unset: every minute,
     * but never under NODE_ENV=test, where a test asks for each run.
     */
    PAGE_WATCH_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
    /** How many pages one scheduled run reads at most (an administrator's run takes batch after batch). */
    PAGE_WATCH_BATCH: z.coerce.number().int().min(1).max(1_000).default(50),
    /**
     * Price watch's cadence: how long after a read a saved product's page is
     * read again (a day by default; a quarter of it for popular products,
     * three times it for pages that rarely change, see page-watch-cadence.ts).
     * At least a second; tests shorten it to see a refresh.
     */
    PAGE_WATCH_REFRESH_MS: z.coerce.number().int().min(1_000).default(REFRESH_MS),
  })
  .superRefine(refuseTestOutboundInProduction);
export type PagesConfig = z.infer<typeof PagesConfig>;

export const loadPagesConfig = (env: NodeJS.ProcessEnv = process.env): PagesConfig => parseEnv(PagesConfig, env);

/** The worker's interval in effect (see PAGE_WATCH_INTERVAL_MS). */
export const pageWatchIntervalMs = (config: Pick<PagesConfig, 'NODE_ENV' | 'PAGE_WATCH_INTERVAL_MS'>): number =>
  config.PAGE_WATCH_INTERVAL_MS ?? (config.NODE_ENV === 'test' ? 0 : DEFAULT_INTERVAL_MS);
