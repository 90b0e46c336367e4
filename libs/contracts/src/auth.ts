import { z } from 'zod';

/** Spec §5: the one message for every broken password rule. */
export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 8 characters long and include 1 uppercase letter, 1 lowercase letter, 1 number, and 1 symbol.';
export const PASSWORD_MISMATCH_MESSAGE = 'Passwords do not match';
/** The rule list the sign-up screen shows. */
export const PASSWORD_RULES = [
  'At least 8 characters',
  'At least one uppercase letter',
  'At least one lowercase letter',
  'At least one number',
  'At least one symbol: ! @ # $ % ^ & *',
  'Only letters, numbers and those symbols',
] as const;

/** Spec §5 password rule, enforced by the sign-up form and by the server with this same schema. */
export const Password = z
  .string({ error: PASSWORD_RULE_MESSAGE })
  .min(8, PASSWORD_RULE_MESSAGE)
  .max(128, PASSWORD_RULE_MESSAGE)
  .regex(/[a-z]/, PASSWORD_RULE_MESSAGE)
  .regex(/[A-Z]/, PASSWORD_RULE_MESSAGE)
  .regex(/[0-9]/, PASSWORD_RULE_MESSAGE)
  .regex(/[!@#$%^&*]/, PASSWORD_RULE_MESSAGE)
  .regex(/^[A-Za-z0-9!@#$%^&*]+$/, PASSWORD_RULE_MESSAGE);

/** E-mail as every auth call takes it: trimmed and lower-cased (spec §5), on the client and the server. */
export const Email = z
  .string({ error: 'Invalid email format' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter your email address')
  .max(254, 'Invalid email format')
  .pipe(z.email('Invalid email format'));

/** Profile gender values (spec §3); '' is "Prefer not to say". */
export const UserGender = z.enum(['male', 'female', 'other', '']);
export type UserGender = z.infer<typeof UserGender>;

const Name = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} is too long`);

export const SignUpRequest = z
  .object({
    firstName: Name('First name'),
    lastName: Name('Last name'),
    email: Email,
    password: Password,
    gender: UserGender.optional(),
  })
  .strict();
export type SignUpRequest = z.infer<typeof SignUpRequest>;

/** The sign-up form: the request plus Confirm Password. */
export const SignUpForm = SignUpRequest.extend({ confirmPassword: z.string() }).refine((form) => form.password === form.confirmPassword, {
  path: ['confirmPassword'],
  message: PASSWORD_MISMATCH_MESSAGE,
});
export type SignUpForm = z.infer<typeof SignUpForm>;

export const SignInRequest = z
  .object({
    email: Email,
    password: z.string({ error: 'Invalid password format' }).min(1, 'Please enter your password').max(1024, 'Invalid password format'),
  })
  .strict();
export type SignInRequest = z.infer<typeof SignInRequest>;

export const ROLES = ['admin'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const AuthUser = z.object({
  uid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  gender: UserGender,
  roles: z.array(Role),
});
export type AuthUser = z.infer<typeof AuthUser>;

/** What sign-up, sign-in, refresh and third-party sign-in answer. */
export const AuthSession = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.number().int().positive(),
  user: AuthUser,
});
export type AuthSession = z.infer<typeof AuthSession>;

export const RefreshRequest = z.object({ refreshToken: z.string().min(1).max(512) }).strict();
export type RefreshRequest = z.infer<typeof RefreshRequest>;

/** POST /api/logout {token}: the refresh token (or the access token) of the session to end. */
export const LogoutRequest = z.object({ token: z.string().min(1).max(4096) }).strict();
export type LogoutRequest = z.infer<typeof LogoutRequest>;

export const ForgotPasswordRequest = z.object({ email: Email }).strict();
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;
/** The same answer whether or not the account exists. */
export const ForgotPasswordResponse = z.object({ accepted: z.literal(true) });
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponse>;

export const ResetPasswordRequest = z.object({ token: z.string().min(1).max(512), password: Password }).strict();
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/**
 * E-mail confirmation. Sign-up sends a "Confirm your e-mail" link (single-use,
 * EMAIL_CONFIRMATION_TTL_HOURS); the account works at once, and only proved
 * accounts count toward the shared catalogue (and hold the admin role).
 */
export const EMAIL_CONFIRMATION_TTL_HOURS = 24;
/** POST /api/auth/confirm-email {token}. */
export const ConfirmEmailRequest = z.object({ token: z.string().min(1).max(512) }).strict();
export type ConfirmEmailRequest = z.infer<typeof ConfirmEmailRequest>;
/** GET /api/auth/email-status: whether the caller's address is confirmed. */
export const EmailStatus = z.object({ email: z.string(), confirmed: z.boolean() });
export type EmailStatus = z.infer<typeof EmailStatus>;
export const INVALID_CONFIRMATION_MESSAGE = 'This confirmation link is invalid or has expired.';
/** Resends are limited per account: this many a day, and one a minute. */
export const CONFIRMATION_RESENDS_PER_DAY = 5;
export const CONFIRMATION_RESEND_MESSAGE = 'A confirmation e-mail was sent a moment ago. Please check your inbox, or try again in a minute.';

/** POST /api/user: the spec's sign-up user record; updates the caller's own record only. */
export const UserRecordRequest = z
  .object({
    uid: z.string().min(1).max(100),
    email: Email,
    firstName: Name('First name'),
    lastName: Name('Last name'),
    gender: UserGender,
  })
  .strict();
export type UserRecordRequest = z.infer<typeof UserRecordRequest>;

/** Third-party (OpenID Connect) sign-in in a popup. */
/** GET /api/auth/oidc/options: which third-party sign-ins this product offers (the web app shows only those buttons). */
export const SignInOptions = z.object({ google: z.boolean() });
export type SignInOptions = z.infer<typeof SignInOptions>;

export const OidcIntent = z.enum(['signin', 'signup']);
export const OidcStartResponse = z.object({ authorizationUrl: z.string().url() });
export type OidcStartResponse = z.infer<typeof OidcStartResponse>;
export const OidcCompleteRequest = z.object({ loginCode: z.string().min(1).max(512) }).strict();
export type OidcCompleteRequest = z.infer<typeof OidcCompleteRequest>;
/** The message the callback page posts to its opener. */
export const OIDC_MESSAGE_TYPE = 'closetly:oidc-result';
export const OidcPopupMessage = z.discriminatedUnion('ok', [
  z.object({ type: z.literal(OIDC_MESSAGE_TYPE), ok: z.literal(true), loginCode: z.string() }),
  z.object({ type: z.literal(OIDC_MESSAGE_TYPE), ok: z.literal(false), error: z.string() }),
]);
export type OidcPopupMessage = z.infer<typeof OidcPopupMessage>;

export const AccountSummary = z.object({ uid: z.string(), email: z.string(), roles: z.array(Role), createdAt: z.string() });
export const AccountList = z.array(AccountSummary);
export type AccountList = z.infer<typeof AccountList>;

/**
 * POST /api/auth/extension-token: a token for the Chrome extension, scoped to
 * saving, listing and removing wardrobe items. It belongs to the session that
 * minted it, so it ends with that session (logout, sign-out everywhere).
 */
export const ExtensionToken = z.object({
  token: z.string().min(1),
  /** When the token stops working at the latest (ISO 8601); the extension cannot refresh it, so it asks the user to sign in again then. */
  expiresAt: z.string().datetime(),
});
export type ExtensionToken = z.infer<typeof ExtensionToken>;

/** What the gateway answers (403 FORBIDDEN) when the extension's token is used for anything else. */
export const EXTENSION_TOKEN_SCOPE_MESSAGE = 'This token can only save, list and remove wardrobe items, report their prices and follow their changes live.';

/** Spec §4: the web app refreshes the identity token every 45 minutes while signed in. */
export const TOKEN_REFRESH_INTERVAL_MS = 45 * 60 * 1000;
