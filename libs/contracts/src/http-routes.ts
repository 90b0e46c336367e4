import { z } from 'zod';
import { AccountExport, DataHeldReport, DeleteAccountRequest } from './account';
import {
  AccountList,
  AuthSession,
  AuthUser,
  ConfirmEmailRequest,
  EmailStatus,
  ExtensionToken,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LogoutRequest,
  OidcCompleteRequest,
  OidcIntent,
  OidcStartResponse,
  RefreshRequest,
  ResetPasswordRequest,
  SignInOptions,
  SignInRequest,
  SignUpRequest,
  UserRecordRequest,
} from './auth';
import { VerifyBetaRequest, VerifyBetaResponse } from './beta';
import {
  CorrectProductRequest,
  ItemFeedbackRequest,
  Product,
  ProductIdParam,
  Products,
  ProductView,
  SaveItemRequest,
  SetProductGenderRequest,
  SetProductHiddenRequest,
  WardrobeItem,
  WardrobeItems,
} from './catalogue';
import { ApiHealthResponse } from './health';
import { OptionalWidthQuery, ProxyImageQuery, StoredImageParams } from './images';
import { CategoryListParams, CategoryListQuery, NewArrivalsParams, PopularItemsQuery, ProductList } from './lists';
import { MarkNotificationsReadRequest, NotificationList, PriceAlertsRunResult, PriceHistory, PriceObservationRequest, PriceObservationResponse, PriceTarget, UnsubscribeRequest, UnsubscribeResponse } from './price-watch';
import { Profile, UpdateProfileRequest } from './profile';
import { AtRiskItems, RetentionClockRequest, RetentionSweepResult } from './retention';
import { PingResponse } from './rpc';
import { RecentSearches, ReindexParams, SaveSearchRequest, SearchParams, SearchResults, SearchSuggestions, SuggestionParams } from './search';
import { SystemStatus } from './system';
import { ContestedProducts, PageWatchRunResult, ResolveContestRequest } from './trust';

/**
 * Who may call a route:
 *  none           anyone (no beta token: verify-beta, health, images, the provider's callback, files outside /api)
 *  beta           the beta token (X-Beta-Token)
 *  optional-user  the beta token; a signed-in caller's access token, when sent, changes the answer
 *  user           the beta token and a signed-in caller's access token (401 without)
 *  admin          as user, holding the admin role (403 without)
 */
export const HTTP_AUTH_LEVELS = ['none', 'beta', 'optional-user', 'user', 'admin'] as const;
export type HttpAuth = (typeof HTTP_AUTH_LEVELS)[number];

/**
 * The gateway's rate-limit policies, by name. The gateway holds each one's windows (RATE_LIMITS); routes
 * naming the same policy share its counts.
 */
export const RATE_LIMIT_POLICIES = [
  'sign-in',
  'sign-up',
  'forgot-password',
  'verify-beta',
  'confirm-email',
  'confirm-email-resend',
  'refresh',
  'extension-token',
  'sign-out-everywhere',
  'account-export',
  'account-delete',
  'save',
  'profile-write',
  'search',
  'suggestions',
  'save-search',
  'lists',
  'recommendations',
  'item-feedback',
  'oidc',
  'images',
  'unsubscribe',
  'live-events',
] as const;
export type RateLimitPolicy = (typeof RATE_LIMIT_POLICIES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a route answers on success: a JSON body with its schema, no content, or a file or page of a media type. */
export type HttpAnswer =
  | { kind: 'json'; schema: z.ZodType }
  | { kind: 'empty' }
  /** A file or page; `schema` describes a JSON file's content. `attachment`: sent to be saved (Content-Disposition). */
  | { kind: 'file'; contentType: string; attachment?: boolean; schema?: z.ZodType };

/** One public HTTP route: what it takes, what it answers, who may call it and how often. */
export interface HttpRouteSpec {
  method: HttpMethod;
  /** The path as OpenAPI writes it: `{name}` for a path parameter (Nest's `:name`). */
  path: string;
  /** One line, for the OpenAPI document. */
  summary: string;
  auth: HttpAuth;
  rateLimit?: RateLimitPolicy;
  /** The Chrome extension's token may call it (its other routes answer that token 403). */
  extension?: boolean;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success status. */
  status: 200 | 201 | 202 | 204;
  answer: HttpAnswer;
}
export type HttpRouteMap = Record<string, HttpRouteSpec>;

const json = <TSchema extends z.ZodType>(schema: TSchema) => ({ kind: 'json', schema }) as const;
const empty = { kind: 'empty' } as const;
const file = <TOptions extends { contentType: string; attachment?: boolean; schema?: z.ZodType }>(options: TOptions) => ({ kind: 'file', ...options }) as const;

/** A product, wardrobe item or contest named in the path: a malformed id is simply not found. */
const ProductIdParams = z.object({ id: ProductIdParam });
/**
 * Where a digest's List-Unsubscribe header points (RFC 8058): mail clients POST `List-Unsubscribe=One-Click`
 * there, form-encoded, so the gateway reads a form body on this route alone.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/price-alerts/unsubscribe/one-click';
/** A saved item's product named in the path: a malformed id is simply not found. */
const ProductIdPathParams = z.object({ productId: ProductIdParam });
const UserIdParams = z.object({ userId: z.uuid('Invalid user id') });
/** GET /api/auth/oidc/start?intent=signin|signup */
export const OidcStartQuery = z.object({ intent: OidcIntent.default('signin') });
/** The provider's redirect: its own parameters (code, state, or error), each a string. */
export const OidcCallbackQuery = z.record(z.string(), z.string());
/** Process supervisors' probes (every process, the gateway's too). */
export const LivenessResponse = z.object({ status: z.literal('ok') });
export const ReadinessResponse = z.object({ ready: z.boolean(), services: z.array(PingResponse) });
/** The OpenAPI document itself (generated from this map). */
const OpenApiDocument = z.looseObject({ openapi: z.string(), info: z.object({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()) });

/** AVIF, WebP or JPEG by the request's Accept; a PNG placeholder when the image cannot be had. */
const IMAGE_TYPES = 'image/*';

/**
 * Every public HTTP route of the gateway, keyed by an operation name. The gateway's controllers are
 * checked against it (apps/gateway/src/http/http-routes.spec.ts), the API client is typed from it, and
 * the OpenAPI document at /api/openapi.json is generated from it. The paths are the spec's (§7).
 */
export const HTTP_ROUTES = {
  // Beta access and health
  verifyBeta: { method: 'POST', path: '/api/verify-beta', summary: 'Exchange a beta code for a beta token ({verified:false} for a wrong code)', auth: 'none', rateLimit: 'verify-beta', body: VerifyBetaRequest, status: 200, answer: json(VerifyBetaResponse) },
  checkBetaToken: { method: 'GET', path: '/api/verify-beta', summary: 'Confirm the stored beta token is still accepted', auth: 'beta', status: 200, answer: json(z.object({ verified: z.literal(true) })) },
  apiHealth: { method: 'GET', path: '/api/health', summary: "Every service's readiness (503 while one is not ready)", auth: 'none', status: 200, answer: json(ApiHealthResponse) },
  openApiDocument: { method: 'GET', path: '/api/openapi.json', summary: 'This document', auth: 'beta', status: 200, answer: json(OpenApiDocument) },
  liveness: { method: 'GET', path: '/health', summary: 'Liveness of the gateway process', auth: 'none', status: 200, answer: json(LivenessResponse) },
  readiness: { method: 'GET', path: '/ready', summary: "Readiness of the gateway process's engines (503 while one is down)", auth: 'none', status: 200, answer: json(ReadinessResponse) },

  // Accounts and sessions
  signUp: { method: 'POST', path: '/api/auth/signup', summary: 'Create an account and sign in', auth: 'beta', rateLimit: 'sign-up', body: SignUpRequest, status: 201, answer: json(AuthSession) },
  signIn: { method: 'POST', path: '/api/auth/signin', summary: 'Sign in with e-mail and password', auth: 'beta', rateLimit: 'sign-in', body: SignInRequest, status: 200, answer: json(AuthSession) },
  refresh: { method: 'POST', path: '/api/auth/refresh', summary: 'Rotate a refresh token for a new session pair', auth: 'beta', rateLimit: 'refresh', body: RefreshRequest, status: 200, answer: json(AuthSession) },
  logout: { method: 'POST', path: '/api/logout', summary: "End the refresh token's session (and the bearer's, when sent)", auth: 'optional-user', body: LogoutRequest, status: 204, answer: empty },
  confirmEmail: { method: 'POST', path: '/api/auth/confirm-email', summary: "Prove an address with the confirmation link's token", auth: 'beta', rateLimit: 'confirm-email', body: ConfirmEmailRequest, status: 204, answer: empty },
  resendConfirmation: { method: 'POST', path: '/api/auth/confirm-email/resend', summary: 'Send another confirmation link', auth: 'user', rateLimit: 'confirm-email-resend', status: 204, answer: empty },
  getEmailStatus: { method: 'GET', path: '/api/auth/email-status', summary: "Whether the caller's address is confirmed", auth: 'user', status: 200, answer: json(EmailStatus) },
  me: { method: 'GET', path: '/api/auth/me', summary: 'The signed-in account', auth: 'user', status: 200, answer: json(AuthUser) },
  updateUser: { method: 'POST', path: '/api/user', summary: "Update the caller's own user record", auth: 'user', body: UserRecordRequest, status: 200, answer: json(AuthUser) },
  mintExtensionToken: { method: 'POST', path: '/api/auth/extension-token', summary: "A token for the Chrome extension, in the caller's session", auth: 'user', rateLimit: 'extension-token', status: 200, answer: json(ExtensionToken) },
  signOutEverywhere: { method: 'POST', path: '/api/auth/sign-out-everywhere', summary: "End every session of the caller's account", auth: 'user', rateLimit: 'sign-out-everywhere', status: 204, answer: empty },
  forgotPassword: { method: 'POST', path: '/api/auth/forgot-password', summary: 'Mail a password-reset link (the same answer for any address)', auth: 'beta', rateLimit: 'forgot-password', body: ForgotPasswordRequest, status: 202, answer: json(ForgotPasswordResponse) },
  resetPassword: { method: 'POST', path: '/api/auth/reset-password', summary: "Set a new password with the reset link's token", auth: 'beta', rateLimit: 'forgot-password', body: ResetPasswordRequest, status: 204, answer: empty },
  listAccounts: { method: 'GET', path: '/api/admin/accounts', summary: 'Every account (administrators)', auth: 'admin', status: 200, answer: json(AccountList) },

  // Third-party sign-in (OpenID Connect, in a popup)
  getSignInOptions: { method: 'GET', path: '/api/auth/oidc/options', summary: 'Which third-party sign-ins the product offers', auth: 'beta', status: 200, answer: json(SignInOptions) },
  oidcStart: { method: 'GET', path: '/api/auth/oidc/start', summary: "The provider's authorization URL for the popup", auth: 'beta', rateLimit: 'oidc', query: OidcStartQuery, status: 200, answer: json(OidcStartResponse) },
  oidcCallback: { method: 'GET', path: '/api/auth/oidc/callback', summary: "The provider's redirect: a page that hands the result to the opener (400 when sign-in failed)", auth: 'none', rateLimit: 'oidc', query: OidcCallbackQuery, status: 200, answer: file({ contentType: 'text/html' }) },
  oidcComplete: { method: 'POST', path: '/api/auth/oidc/complete', summary: "Exchange the popup's login code for a session", auth: 'beta', rateLimit: 'refresh', body: OidcCompleteRequest, status: 200, answer: json(AuthSession) },

  // The caller's data rights
  exportAccount: { method: 'GET', path: '/api/account/export', summary: 'Everything held about the caller, as a JSON file', auth: 'user', rateLimit: 'account-export', status: 200, answer: file({ contentType: 'application/json', attachment: true, schema: AccountExport }) },
  deleteAccount: { method: 'DELETE', path: '/api/account', summary: "Delete the caller's account (password or a fresh sign-in)", auth: 'user', rateLimit: 'account-delete', body: DeleteAccountRequest, status: 204, answer: empty },
  getDataHeld: { method: 'GET', path: '/api/admin/users/{userId}/data-held', summary: 'How many rows each service holds for a user (administrators)', auth: 'admin', params: UserIdParams, status: 200, answer: json(DataHeldReport) },

  // Wardrobe (the extension's token may call these three)
  saveItem: { method: 'POST', path: '/api/save', summary: "Save an item to the caller's wardrobe", auth: 'user', rateLimit: 'save', extension: true, body: SaveItemRequest, status: 200, answer: json(WardrobeItem) },
  getWardrobe: { method: 'GET', path: '/api/get-wardrobe', summary: "The caller's saved items, newest first", auth: 'user', extension: true, status: 200, answer: json(WardrobeItems) },
  removeFromWardrobe: { method: 'DELETE', path: '/api/remove-from-wardrobe/{id}', summary: "Remove one of the caller's saves", auth: 'user', extension: true, params: ProductIdParams, status: 204, answer: empty },

  // The shared catalogue and its moderation
  getProduct: { method: 'GET', path: '/api/products/{id}', summary: "One product (a saver sees their own capture)", auth: 'optional-user', params: ProductIdParams, status: 200, answer: json(ProductView) },
  sendItemFeedback: { method: 'POST', path: '/api/item-feedback', summary: "A shopper's vote on a product's gender", auth: 'optional-user', rateLimit: 'item-feedback', body: ItemFeedbackRequest, status: 204, answer: empty },
  getUngenderedProducts: { method: 'GET', path: '/api/products/ungendered', summary: 'Products with no gender (administrators)', auth: 'admin', status: 200, answer: json(Products) },
  setProductGender: { method: 'PUT', path: '/api/products/{id}/gender', summary: "Set a product's gender (administrators)", auth: 'admin', params: ProductIdParams, body: SetProductGenderRequest, status: 200, answer: json(Product) },
  setProductHidden: { method: 'PUT', path: '/api/products/{id}/hidden', summary: 'Hide a product from every public list, or show it again (administrators)', auth: 'admin', params: ProductIdParams, body: SetProductHiddenRequest, status: 200, answer: json(Product) },
  correctProduct: { method: 'PATCH', path: '/api/products/{id}', summary: "Correct a product's shared fields (administrators)", auth: 'admin', params: ProductIdParams, body: CorrectProductRequest, status: 200, answer: json(Product) },
  getContestedProducts: { method: 'GET', path: '/api/admin/contested-products', summary: 'Products whose proved savers disagree, with each version (administrators)', auth: 'admin', status: 200, answer: json(ContestedProducts) },
  resolveContest: { method: 'POST', path: '/api/admin/contested-products/{id}/resolve', summary: 'Settle a contested product (administrators)', auth: 'admin', params: ProductIdParams, body: ResolveContestRequest, status: 200, answer: json(Product) },

  // Price watch: a saver's price history, and the extension's read of a saved page
  getPriceHistory: { method: 'GET', path: '/api/products/{id}/price-history', summary: "The observed prices of the last 90 days (the product's active savers only; 404 to anyone else)", auth: 'user', params: ProductIdParams, status: 200, answer: json(PriceHistory) },
  recordPriceObservation: { method: 'POST', path: '/api/price-observations', summary: "The price a saved product's page showed the caller (the extension's read; active savers only)", auth: 'user', rateLimit: 'save', extension: true, body: PriceObservationRequest, status: 200, answer: json(PriceObservationResponse) },

  // Profile
  getProfile: { method: 'GET', path: '/api/profile', summary: "The caller's profile", auth: 'user', status: 200, answer: json(Profile) },
  getPriceTarget: { method: 'GET', path: '/api/price-alerts/targets/{productId}', summary: "The caller's alert target for an item they saved", auth: 'user', params: ProductIdPathParams, status: 200, answer: json(PriceTarget) },
  setPriceTarget: { method: 'PUT', path: '/api/price-alerts/targets/{productId}', summary: 'Set or clear (null) the alert target for an item the caller saved', auth: 'user', rateLimit: 'profile-write', params: ProductIdPathParams, body: PriceTarget, status: 200, answer: json(PriceTarget) },
  liveEvents: { method: 'GET', path: '/api/events', summary: "The caller's live changes as Server-Sent Events (saves, removals, price changes, alerts; Last-Event-ID resumes)", auth: 'user', rateLimit: 'live-events', extension: true, status: 200, answer: file({ contentType: 'text/event-stream' }) },
  listNotifications: { method: 'GET', path: '/api/notifications', summary: "The caller's newest notifications (50 at most) and the unread count", auth: 'user', status: 200, answer: json(NotificationList) },
  markNotificationsRead: { method: 'POST', path: '/api/notifications/read', summary: "Mark the caller's notifications read (these ids, or all)", auth: 'user', rateLimit: 'profile-write', body: MarkNotificationsReadRequest, status: 200, answer: json(NotificationList) },
  unsubscribePriceAlertsOneClick: {
    method: 'POST',
    path: ONE_CLICK_UNSUBSCRIBE_PATH,
    summary: "RFC 8058 one-click unsubscribe: a mail client's POST to the digest's List-Unsubscribe address (the token in the query; its form body, List-Unsubscribe=One-Click, is not needed)",
    auth: 'none',
    rateLimit: 'unsubscribe',
    query: UnsubscribeRequest,
    status: 200,
    answer: json(UnsubscribeResponse),
  },
  unsubscribePriceAlerts: { method: 'POST', path: '/api/price-alerts/unsubscribe', summary: "Turn price alerts off with a digest mail's signed link (no sign-in)", auth: 'none', rateLimit: 'unsubscribe', body: UnsubscribeRequest, status: 200, answer: json(UnsubscribeResponse) },
  updateProfile: { method: 'PUT', path: '/api/profile', summary: "Replace the caller's profile", auth: 'user', rateLimit: 'profile-write', body: UpdateProfileRequest, status: 200, answer: json(Profile) },

  // Search
  search: { method: 'GET', path: '/api/search', summary: 'One page of listed products with the total and facet counts (filters repeat their key)', auth: 'beta', rateLimit: 'search', query: SearchParams, status: 200, answer: json(SearchResults) },
  getSearchSuggestions: { method: 'GET', path: '/api/search/suggestions', summary: 'Product names for the search box', auth: 'beta', rateLimit: 'suggestions', query: SuggestionParams, status: 200, answer: json(SearchSuggestions) },
  saveSearch: { method: 'POST', path: '/api/save-search', summary: "Remember a search among the caller's recent ones", auth: 'user', rateLimit: 'save-search', body: SaveSearchRequest, status: 204, answer: empty },
  getRecentSearches: { method: 'GET', path: '/api/recent-searches', summary: "The caller's recent searches", auth: 'user', status: 200, answer: json(RecentSearches) },
  reindexSearch: { method: 'POST', path: '/api/admin/search/reindex', summary: 'Rebuild the search index and swap it in (administrators)', auth: 'admin', query: ReindexParams, status: 200, answer: json(z.object({ indexed: z.number().int().nonnegative() })) },

  // Browsing lists
  getPopularItems: { method: 'GET', path: '/api/popular-items', summary: 'Listed products ranked by active saves', auth: 'beta', rateLimit: 'lists', query: PopularItemsQuery, status: 200, answer: json(ProductList) },
  getCategoryProducts: { method: 'GET', path: '/api/products/category/{category}', summary: "A category's listed products, newest first", auth: 'beta', rateLimit: 'lists', params: CategoryListParams, query: CategoryListQuery, status: 200, answer: json(ProductList) },
  getNewArrivals: { method: 'GET', path: '/api/new-arrivals/{brand}', summary: "A brand's newest listed products", auth: 'beta', rateLimit: 'lists', params: NewArrivalsParams, status: 200, answer: json(ProductList) },
  getRecommendedItems: { method: 'GET', path: '/api/recommended-items', summary: 'Items that similar users save', auth: 'user', rateLimit: 'recommendations', status: 200, answer: json(ProductList) },

  // Retention and page watch (administrators)
  getAtRiskItems: { method: 'GET', path: '/api/at-risk-items', summary: 'Products nobody saves now, most urgent first (administrators)', auth: 'admin', status: 200, answer: json(AtRiskItems) },
  sweepRetention: { method: 'POST', path: '/api/retention/sweep', summary: 'Run the 30-day sweep now (administrators)', auth: 'admin', status: 200, answer: json(RetentionSweepResult) },
  setRetentionClock: { method: 'PUT', path: '/api/retention/clock', summary: "Tests only: move the retention clock (404 unless the service allows it)", auth: 'admin', body: RetentionClockRequest, status: 204, answer: empty },
  runPriceAlerts: { method: 'POST', path: '/api/admin/price-alerts/run', summary: 'Send the due price-alert digests now (administrators)', auth: 'admin', status: 200, answer: json(PriceAlertsRunResult) },
  runPageWatch: { method: 'POST', path: '/api/admin/page-watch/run', summary: 'Read every due retailer page now (administrators)', auth: 'admin', status: 200, answer: json(PageWatchRunResult) },
  getSystemStatus: { method: 'GET', path: '/api/admin/system', summary: "Each service's outbox backlog and consumer lag, and the dead letters per topic (administrators)", auth: 'admin', status: 200, answer: json(SystemStatus) },

  // Images for <img> tags: signed URLs instead of the beta token
  proxyImage: { method: 'GET', path: '/api/proxy-image', summary: 'An external image, resized (only URLs the gateway signed)', auth: 'none', rateLimit: 'images', query: ProxyImageQuery, status: 200, answer: file({ contentType: IMAGE_TYPES }) },
  storedImage: { method: 'GET', path: '/api/image/{id}', summary: 'A stored image, resized', auth: 'none', rateLimit: 'images', params: StoredImageParams, query: OptionalWidthQuery, status: 200, answer: file({ contentType: IMAGE_TYPES }) },
  placeholderImage: { method: 'GET', path: '/api/placeholder-image', summary: 'The placeholder image', auth: 'none', rateLimit: 'images', query: OptionalWidthQuery, status: 200, answer: file({ contentType: 'image/png' }) },

  // Outside /api
  downloadExtension: { method: 'GET', path: '/downloads/closetly-extension.zip', summary: 'The Chrome extension, for side-loading', auth: 'none', status: 200, answer: file({ contentType: 'application/zip', attachment: true }) },
  webApp: { method: 'GET', path: '/', summary: "The web app: its index.html for every browser path that is neither a built file nor /api (history fallback)", auth: 'none', status: 200, answer: file({ contentType: 'text/html' }) },
} as const satisfies HttpRouteMap;

export type HttpRoutes = typeof HTTP_ROUTES;
export type HttpRouteKey = keyof HttpRoutes;

/**
 * Routes served by Fastify itself rather than a controller: the web app's built files and their history
 * fallback (the error filter answers an unknown browser path with index.html).
 */
export const STATIC_HTTP_ROUTES: readonly HttpRouteKey[] = ['webApp'];

type Input<T> = T extends z.ZodType ? z.input<T> : never;
/** The JSON body a route answers, as the client reads it (undefined for an empty answer). */
export type HttpResponseOf<K extends HttpRouteKey> = HttpRoutes[K]['answer'] extends { kind: 'json'; schema: infer S extends z.ZodType } ? z.output<S> : HttpRoutes[K]['answer'] extends { kind: 'empty' } ? void : unknown;
export type HttpBodyOf<K extends HttpRouteKey> = HttpRoutes[K] extends { body: infer S } ? Input<S> : never;
export type HttpParamsOf<K extends HttpRouteKey> = HttpRoutes[K] extends { params: infer S } ? Input<S> : never;
export type HttpQueryOf<K extends HttpRouteKey> = HttpRoutes[K] extends { query: infer S } ? Input<S> : never;

/** `/api/products/{id}` with `{ id }`: each value percent-encoded into its segment. */
export function httpRoutePath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
