import { platformTables } from '@closetly/server/db-tables';
import { sql } from 'drizzle-orm';
import { index, integer, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** The identity service's own schema: no other service reads these tables. */
export const identitySchema = pgSchema('identity');

export const { outbox, inbox } = platformTables(identitySchema);
export const identityPlatformTables = { outbox, inbox };

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const accounts = identitySchema.table(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Trimmed and lower-cased before it gets here. */
    email: text('email').notNull(),
    /** argon2id; null for accounts that only sign in through a provider. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').notNull().default(''),
    roles: text('roles').array().notNull().default(sql`'{}'::text[]`),
    /** When the owner of the address proved it (a provider that verified it, or a used reset link); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('accounts_email_key').on(table.email)],
);

/** A third-party identity, keyed on issuer + subject (never on e-mail). */
export const externalIdentities = identitySchema.table(
  'external_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.issuer, table.subject] })],
);

/** One signed-in device. Revoking it ends every refresh token of its family and deny-lists its access tokens. */
export const sessions = identitySchema.table(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** What signed in, coarsely ("Chrome on macOS"): enough for the owner to recognise it in their data export, not a fingerprint. */
    device: text('device'),
    /** The last sign-in or refresh of this session. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('sessions_account_idx').on(table.accountId)],
);

/** Refresh tokens, stored as SHA-256 hashes; each use rotates to a new one in the same session (family). */
export const refreshTokens = identitySchema.table(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id').notNull().references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('refresh_tokens_hash_key').on(table.tokenHash), index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** Password reset requests; the token is stored hashed and used once. Unknown e-mails get a row too (account_id null), so both paths do the same work. */
export const passwordResets = identitySchema.table(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('password_resets_hash_key').on(table.tokenHash), index('password_resets_account_idx').on(table.accountId)],
);

/**
 * "Confirm your e-mail" links: the token stored hashed, single-use, valid
 * EMAIL_CONFIRMATION_TTL_HOURS. A used link proves the address.
 */
export const emailConfirmations = identitySchema.table(
  'email_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('email_confirmations_hash_key').on(table.tokenHash), index('email_confirmations_account_idx').on(table.accountId, table.createdAt)],
);

/** An OpenID Connect sign-in in progress: state → nonce and PKCE verifier, short-lived, used once. */
export const oidcAttempts = identitySchema.table('oidc_attempts', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  intent: text('intent').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** One-time codes the popup hands to the opener, exchanged for a session (hashed, short-lived). */
export const oidcLoginCodes = identitySchema.table('oidc_login_codes', {
  codeHash: text('code_hash').primaryKey(),
  accountId: uuid('account_id').notNull().references(() => accounts.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Failed sign-ins still counting, per account (a hash of the e-mail asked for, known account or not) and client
 * address (hashed): a row per pair, whose count locks that pair, and one with client '' for the whole account,
 * whose count slows every attempt on it down. Updated with single statements, so parallel attempts count exactly.
 */
export const signInFailures = identitySchema.table(
  'sign_in_failures',
  {
    accountKey: text('account_key').notNull(),
    /** The client address's hash; '' for the account-wide row. */
    client: text('client').notNull(),
    failures: integer('failures').notNull(),
    /** When this count is forgotten (a fixed window from its first failure). */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** The account-wide row's slow-down: no attempt before this. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountKey, table.client] }), index('sign_in_failures_window_idx').on(table.windowEndsAt)],
);
