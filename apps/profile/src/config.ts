import { MIN_SECRET_LENGTH, parseEnv, serviceEnv } from '@closetly/server';
import { z } from 'zod';

export const PROFILE_CONFIG = Symbol('PROFILE_CONFIG');

const DAY_MS = 24 * 3600_000;

export const ProfileConfig = serviceEnv('PROFILE_HTTP_PORT', 4204)
  .extend({
    /** The address users reach the product at; the digest's links are built from it, never from a Host header. */
    PUBLIC_URL: z.string().url().default('http://localhost:8080'),
    /** smtp://user:pass@host:port; without it, digest mails are written as .eml files under DATA_DIR/mail (as identity's). */
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().min(3).default('Closetly <no-reply@closetly.local>'),
    /**
     * HMAC key of the digests' one-click unsubscribe links (only this service signs and checks them).
     * Required in production; elsewhere, unset, the process makes one at start (links then end with it).
     */
    UNSUBSCRIBE_TOKEN_SECRET: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`).optional()),
    /** How long an unsubscribe link works. */
    UNSUBSCRIBE_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(60),
    /**
     * How often the due price-alert digests are sent; 0 turns the schedule off (then only an
     * administrator's run sends them). Unset: daily, but never under NODE_ENV=test.
     */
    PRICE_ALERTS_DIGEST_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
    /**
     * The length of a digest "day" (at most one digest per user per day): a UTC day. Tests may shorten it
     * (never in production), so one run can follow another as on a later day.
     */
    PRICE_ALERTS_DIGEST_DAY_MS: z.coerce.number().int().min(1).max(DAY_MS).default(DAY_MS),
  })
  .superRefine((config, context) => {
    if (config.NODE_ENV !== 'production') return;
    if (!config.UNSUBSCRIBE_TOKEN_SECRET) context.addIssue({ code: 'custom', path: ['UNSUBSCRIBE_TOKEN_SECRET'], message: `is required: at least ${MIN_SECRET_LENGTH} random characters (e.g. openssl rand -hex 32); there is no default` });
    if (config.PRICE_ALERTS_DIGEST_DAY_MS !== DAY_MS) context.addIssue({ code: 'custom', path: ['PRICE_ALERTS_DIGEST_DAY_MS'], message: 'is for tests and cannot be changed with NODE_ENV=production' });
  });
export type ProfileConfig = z.infer<typeof ProfileConfig>;

export const loadProfileConfig = (env: NodeJS.ProcessEnv = process.env): ProfileConfig => parseEnv(ProfileConfig, env);

/** The digest schedule's interval in effect (see PRICE_ALERTS_DIGEST_INTERVAL_MS). */
export const digestIntervalMs = (config: Pick<ProfileConfig, 'NODE_ENV' | 'PRICE_ALERTS_DIGEST_INTERVAL_MS'>): number =>
  config.PRICE_ALERTS_DIGEST_INTERVAL_MS ?? (config.NODE_ENV === 'test' ? 0 : DAY_MS);
