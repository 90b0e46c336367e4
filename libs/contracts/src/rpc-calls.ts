import { z } from 'zod';
import {
  AccountList,
  AuthSession,
  AuthUser,
  ExtensionToken,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  OidcCompleteRequest,
  OidcIntent,
  OidcStartResponse,
  RefreshRequest,
  ResetPasswordRequest,
  ConfirmEmailRequest,
  EmailStatus,
  SignInOptions,
  SignInRequest,
  SignUpRequest,
  UserRecordRequest,
} from './auth';
import { CorrectProductRequest, ItemInput, Product, ProductGender, Products, StoredImage, WardrobeItem, WardrobeItems } from './catalogue';
import { Profile, ProfileAccount, UpdateProfileRequest } from './profile';
import { ListCategory, ListGender, MAX_LIST_ITEMS, MAX_NEW_ARRIVALS, ProductList } from './lists';
import { RecentSearches, REINDEX_SOURCES, SaveSearchRequest, SearchQuery, SearchResults, SearchSuggestions, SuggestionParams } from './search';
import { AT_RISK_LIMIT, AtRiskItems, RetentionClockRequest, RetentionSweepResult } from './retention';
import { ContestedProducts, PageWatchRunResult, ResolveContestRequest } from './trust';
import { PriceHistory, PriceObservationRequest, PriceObservationResponse } from './price-watch';
import {
  DataHeld,
  DeleteAccountRequest,
  ExportedItemFeedback,
  ExportedPriceObservation,
  ExportedSave,
  ExportPage,
  IdentityExport,
  ProfileExport,
} from './account';
import { MarkNotificationsReadRequest, NotificationList, PriceAlertsRunResult, PriceTarget, UnsubscribeRequest, UnsubscribeResponse } from './price-watch';
import { Caller, type InternalCaller, PingRequest, PingResponse, type ServiceName, VerifyBetaCodeRequest, VerifyBetaCodeResponse } from './rpc';
import { ServiceSystemStatus } from './system';

/** One gateway→service call: who answers it, what it takes, what it answers. */
export interface RpcCallSpec<TService extends ServiceName = ServiceName, TRequest extends z.ZodType = z.ZodType, TResponse extends z.ZodType = z.ZodType> {
  service: TService;
  request: TRequest;
  response: TResponse;
  /**
   * Sending it twice does what sending it once does (a read, a save that returns the stored item, a
   * removal). The gateway sends such a call once more when its connection closed before the reply
   * (a replica shutting down), so a clean hand-over costs the shopper nothing.
   */
  idempotent?: boolean;
  /**
   * Who may make the call (proved by the internal-call assertion each message carries): the gateway,
   * unless a call names others. A service's own calls to another are few and named here.
   */
  callers?: readonly InternalCaller[];
}
export type RpcCallMap = Record<string, RpcCallSpec>;

export const rpcCall = <TService extends ServiceName, TRequest extends z.ZodType, TResponse extends z.ZodType>(
  service: TService,
  request: TRequest,
  response: TResponse,
  options: { idempotent?: boolean; callers?: readonly InternalCaller[] } = {},
): RpcCallSpec<TService, TRequest, TResponse> => ({ service, request, response, ...options });

/** What calls that only do something answer. */
export const RpcOk = z.object({ ok: z.literal(true) });
export type RpcOk = z.infer<typeof RpcOk>;

const WithCaller = z.object({ caller: Caller });
/** What opened a session, coarsely ("Chrome on macOS"), as the gateway read it from the User-Agent: shown to the owner in their export. */
const WithDevice = z.object({ device: z.string().max(100).optional() });
/** An administrator's question about one user id (the service checks the role again). */
const AboutUser = z.object({ caller: Caller, userId: z.string().uuid() });
const ExportPageOf = <TItem extends z.ZodType>(item: TItem) => z.object({ items: z.array(item), next: z.string().nullable() });
/** The longest page of a product's savers one call answers. */
export const SAVERS_PAGE_LIMIT = 5_000;
const WithProduct = z.object({ caller: Caller, productId: z.string().uuid() });
/** `<service>.system-status`: every service answers it the same way (libs/server's SystemStatusController), for the admin System panel. */
const systemStatus = <S extends ServiceName>(service: S) => rpcCall(service, WithCaller, ServiceSystemStatus, { idempotent: true });
export const systemStatusPattern = <S extends ServiceName>(service: S) => `${service}.system-status` as const;

/**
 * Every call the gateway makes of a service, keyed by its message pattern.
 * The gateway's client and the services' handlers are both typed from this
 * map, and the request is validated with its schema where it is received.
 */
export const RPC_CALLS = {
  'identity.ping': rpcCall('identity', PingRequest, PingResponse, { idempotent: true }),
  'identity.system-status': systemStatus('identity'),
  'identity.verify-beta-code': rpcCall('identity', VerifyBetaCodeRequest, VerifyBetaCodeResponse),
  'identity.sign-up': rpcCall('identity', SignUpRequest.extend(WithDevice.shape), AuthSession),
  /** `client`: the caller's address, as the gateway reads it (failed attempts count per account and address). */
  'identity.sign-in': rpcCall('identity', SignInRequest.extend(WithDevice.shape).extend({ client: z.string().min(1).max(100) }), AuthSession),
  'identity.refresh': rpcCall('identity', RefreshRequest, AuthSession),
  'identity.logout': rpcCall('identity', z.object({ token: z.string().max(4096), caller: Caller.optional() }), RpcOk),
  'identity.get-user': rpcCall('identity', WithCaller, AuthUser, { idempotent: true }),
  /** The gateway's session check when Redis holds no revocation for it: identity's database decides. */
  'identity.session-live': rpcCall('identity', z.object({ sessionId: z.string().min(1).max(100) }), z.object({ live: z.boolean() }), { idempotent: true }),
  'identity.update-user': rpcCall('identity', WithCaller.extend({ record: UserRecordRequest }), AuthUser),
  'identity.forgot-password': rpcCall('identity', ForgotPasswordRequest, ForgotPasswordResponse),
  'identity.reset-password': rpcCall('identity', ResetPasswordRequest, RpcOk),
  'identity.confirm-email': rpcCall('identity', ConfirmEmailRequest, RpcOk),
  'identity.resend-confirmation': rpcCall('identity', WithCaller, RpcOk),
  'identity.email-status': rpcCall('identity', WithCaller, EmailStatus, { idempotent: true }),
  'identity.list-accounts': rpcCall('identity', WithCaller, AccountList),
  /** A token for the Chrome extension in the caller's session (full scope only: an extension token cannot mint another). */
  'identity.mint-extension-token': rpcCall('identity', WithCaller, ExtensionToken),
  /** Ends every session of the caller's account, so every access, refresh and extension token of it stops working (full scope only). */
  'identity.sign-out-everywhere': rpcCall('identity', WithCaller, RpcOk),
  'identity.oidc-start': rpcCall('identity', z.object({ intent: OidcIntent }), OidcStartResponse),
  'identity.sign-in-options': rpcCall('identity', z.object({}), SignInOptions, { idempotent: true }),
  'identity.oidc-callback': rpcCall('identity', z.object({ params: z.record(z.string(), z.string().max(4096)) }), z.object({ loginCode: z.string() })),
  'identity.oidc-complete': rpcCall('identity', OidcCompleteRequest.extend(WithDevice.shape), AuthSession),
  /** The caller's account, sign-in methods and sessions for GET /api/account/export (full scope only). */
  'identity.export-account': rpcCall('identity', WithCaller, IdentityExport, { idempotent: true }),
  /**
   * DELETE /api/account: checks the password (or a fresh third-party sign-in), ends every session at once, deletes
   * the account and publishes identity.account-deleted.v1 in one transaction (full scope only).
   */
  'identity.delete-account': rpcCall('identity', WithCaller.extend(DeleteAccountRequest.shape), RpcOk),
  'identity.data-held': rpcCall('identity', AboutUser, DataHeld, { idempotent: true }),

  'catalogue.ping': rpcCall('catalogue', PingRequest, PingResponse, { idempotent: true }),
  'catalogue.system-status': systemStatus('catalogue'),
  /** A product as the caller may see it: listed and not hidden, or saved by the caller, or any for an administrator. */
  'catalogue.get-product': rpcCall('catalogue', z.object({ productId: z.string().uuid(), caller: Caller.nullable() }), Product, { idempotent: true }),
  /** An image the catalogue stores itself (GET /api/image/{id}), or null: public, like the route. */
  'catalogue.get-image': rpcCall('catalogue', z.object({ imageId: z.string().uuid() }), z.object({ image: StoredImage.nullable() }), { idempotent: true }),
  /** `client`: an opaque key for the caller's address (the gateway's keyed hash), so a signed-out voter counts once a product too. */
  'catalogue.record-feedback': rpcCall('catalogue', z.object({ productId: z.string().uuid(), caller: Caller.nullable(), gender: ProductGender, client: z.string().min(1).max(128) }), RpcOk),
  'catalogue.list-ungendered': rpcCall('catalogue', WithCaller, Products, { idempotent: true }),
  /** The named products as an administrator sees them, hidden and unlisted ones too (the at-risk list's names and pictures); an id the catalogue no longer holds is left out. */
  'catalogue.products-by-ids': rpcCall('catalogue', WithCaller.extend({ productIds: z.array(z.string().uuid()).max(AT_RISK_LIMIT) }), Products, { idempotent: true }),
  'catalogue.set-gender': rpcCall('catalogue', WithProduct.extend({ gender: ProductGender }), Product),
  'catalogue.set-hidden': rpcCall('catalogue', WithProduct.extend({ hidden: z.boolean() }), Product),
  /**
   * The listed, not hidden products in id order, a page at a time after `after`:
   * the snapshot the search service rebuilds its index from (search's only call, and only search makes it).
   */
  'catalogue.snapshot': rpcCall(
    'catalogue',
    z.object({ after: z.string().uuid().nullable(), limit: z.number().int().min(1).max(1000) }),
    z.object({ products: Products, next: z.string().uuid().nullable() }), { idempotent: true, callers: ['search'] }),
  /**
   * Hot lists (spec §2): listed, not hidden, cleaned (§5), gender rule applied; the gateway caches nothing, the catalogue does
   * (until a save, a removal or a product change). Each answers at most `limit` products.
   * popular: products with active saves, by the sum of each save's weight 0.5^(age / 14 days), ties to the newer product.
   */
  'catalogue.popular': rpcCall('catalogue', z.object({ category: z.enum(['all', 'accessories']), gender: ListGender.optional(), limit: z.number().int().min(1).max(MAX_LIST_ITEMS) }), ProductList, { idempotent: true }),
  /** One category's products, newest first (when each entered the catalogue). */
  'catalogue.category-list': rpcCall('catalogue', z.object({ category: ListCategory, gender: ListGender.optional(), limit: z.number().int().min(1).max(MAX_LIST_ITEMS) }), ProductList, { idempotent: true }),
  /** One brand's products (the brand matched without letter case), newest first. */
  'catalogue.new-arrivals': rpcCall('catalogue', z.object({ brand: z.string().min(1).max(200), limit: z.number().int().min(1).max(MAX_NEW_ARRIVALS) }), ProductList, { idempotent: true }),
  'catalogue.correct-product': rpcCall('catalogue', WithProduct.extend({ correction: CorrectProductRequest }), Product),
  'catalogue.list-contested': rpcCall('catalogue', WithCaller, ContestedProducts, { idempotent: true }),
  'catalogue.resolve-contest': rpcCall('catalogue', WithProduct.extend({ resolution: ResolveContestRequest }), Product),
  /** A saver's price history of the product (NOT_FOUND unless the caller saves it now). */
  'catalogue.price-history': rpcCall('catalogue', WithProduct, PriceHistory, { idempotent: true }),
  /** The extension's read of a saved product's page: the caller's price observation (NOT_FOUND unless they save it now). */
  'catalogue.record-price-observation': rpcCall('catalogue', WithProduct.extend({ price: PriceObservationRequest.shape.price }), PriceObservationResponse),
  /** The caller's price observations, a page at a time (`after`: the last one's cursor). */
  'catalogue.export-price-observations': rpcCall('catalogue', WithCaller.extend(ExportPage.shape), ExportPageOf(ExportedPriceObservation), { idempotent: true }),
  /** The caller's gender votes, a page at a time. */
  'catalogue.export-item-feedback': rpcCall('catalogue', WithCaller.extend(ExportPage.shape), ExportPageOf(ExportedItemFeedback), { idempotent: true }),
  'catalogue.data-held': rpcCall('catalogue', AboutUser, DataHeld, { idempotent: true }),

  'wardrobe.ping': rpcCall('wardrobe', PingRequest, PingResponse, { idempotent: true }),
  'wardrobe.system-status': systemStatus('wardrobe'),
  /** Saves the caller's capture of an item; answers the item as stored now. */
  'wardrobe.save': rpcCall('wardrobe', WithCaller.extend({ item: ItemInput }), WardrobeItem, { idempotent: true }),
  'wardrobe.list': rpcCall('wardrobe', WithCaller, WardrobeItems, { idempotent: true }),
  /** The caller's own saved item, or null when they have not saved it. */
  'wardrobe.find-item': rpcCall('wardrobe', WithProduct, z.object({ item: WardrobeItem.nullable() }), { idempotent: true }),
  'wardrobe.remove': rpcCall('wardrobe', WithProduct, RpcOk, { idempotent: true }),
  /** Recommended for You: items that similar users save, ranked by @closetly/recommendation over the wardrobe's own read model. */
  'wardrobe.recommend': rpcCall('wardrobe', WithCaller.extend({ k: z.number().int().min(1).max(MAX_LIST_ITEMS) }), ProductList, { idempotent: true }),
  /** The caller's saves with their captures, oldest first, a page at a time. */
  'wardrobe.export-saves': rpcCall('wardrobe', WithCaller.extend(ExportPage.shape), ExportPageOf(ExportedSave), { idempotent: true }),
  'wardrobe.data-held': rpcCall('wardrobe', AboutUser, DataHeld, { idempotent: true }),
  /** Who saves a product now, a page at a time in user order: the gateway tells their live streams of its price changes. */
  'wardrobe.savers-of': rpcCall(
    'wardrobe',
    z.object({ productId: z.string().uuid(), after: z.string().max(200).nullable(), limit: z.number().int().min(1).max(SAVERS_PAGE_LIMIT) }),
    z.object({ userIds: z.array(z.string()), next: z.string().nullable() }),
    { idempotent: true },
  ),

  'profile.ping': rpcCall('profile', PingRequest, PingResponse, { idempotent: true }),
  'profile.system-status': systemStatus('profile'),
  /** The caller's profile, created from `account` if the registration event has not arrived yet. */
  'profile.get': rpcCall('profile', WithCaller.extend({ account: ProfileAccount }), Profile, { idempotent: true }),
  /** Replaces the caller's profile (email excepted: it is the account's); answers it as stored. */
  'profile.update': rpcCall(
    'profile',
    WithCaller.extend({
      account: ProfileAccount,
      profile: UpdateProfileRequest,
      /**
       * The caller's saves as the wardrobe lists them now, sent when the request turns price alerts on: the
       * profile learns saves from wardrobe's events, and this covers saves older than the events it has seen.
       */
      savedProducts: z.array(z.object({ productId: z.string().uuid(), savedAt: z.string().datetime() })).optional(),
    }),
    Profile,
  ),
  /** Recent searches (spec §3): records a signed-in search; the newest distinct terms first. */
  'profile.save-search': rpcCall('profile', WithCaller.extend({ term: SaveSearchRequest.shape.term }), RpcOk),
  'profile.recent-searches': rpcCall('profile', WithCaller, RecentSearches, { idempotent: true }),
  /** The caller's profile (null if none was ever made) and every recent search kept. */
  'profile.export': rpcCall('profile', WithCaller, ProfileExport, { idempotent: true }),
  'profile.data-held': rpcCall('profile', AboutUser, DataHeld, { idempotent: true }),
  /** The caller's price-alert target for a product they saved (404 for any other product). */
  'profile.get-price-target': rpcCall('profile', WithProduct, PriceTarget, { idempotent: true }),
  'profile.set-price-target': rpcCall('profile', WithProduct.extend({ target: PriceTarget }), PriceTarget, { idempotent: true }),
  /** The caller's newest in-app notifications and the unread count. */
  'profile.notifications': rpcCall('profile', WithCaller, NotificationList, { idempotent: true }),
  'profile.mark-notifications-read': rpcCall('profile', WithCaller.extend(MarkNotificationsReadRequest.shape), NotificationList, { idempotent: true }),
  /** The digest mail's one-click link (no caller: the signed token is the proof). */
  'profile.unsubscribe': rpcCall('profile', UnsubscribeRequest, UnsubscribeResponse, { idempotent: true }),
  /** POST /api/admin/price-alerts/run (administrator; the service checks the role again): the due digests now. */
  'profile.run-price-alerts': rpcCall('profile', WithCaller, PriceAlertsRunResult),
  'search.ping': rpcCall('search', PingRequest, PingResponse, { idempotent: true }),
  'search.system-status': systemStatus('search'),
  /** One page of listed, not hidden products for a query, with the total and the facet counts. */
  'search.search': rpcCall('search', SearchQuery, SearchResults, { idempotent: true }),
  /** The first names for a prefix, for the header search box. */
  'search.suggest': rpcCall('search', z.object({ prefix: SuggestionParams.shape.q }), SearchSuggestions, { idempotent: true }),
  /** Rebuilds the index from the catalogue's snapshot and swaps it in (administrator). */
  'search.reindex': rpcCall('search', WithCaller.extend({ from: z.enum(REINDEX_SOURCES) }), z.object({ indexed: z.number().int().nonnegative() })),
  'retention.ping': rpcCall('retention', PingRequest, PingResponse, { idempotent: true }),
  'retention.system-status': systemStatus('retention'),
  /** GET /api/at-risk-items (administrator; the service checks the role again): the most urgent first. */
  'retention.at-risk-items': rpcCall('retention', WithCaller, AtRiskItems, { idempotent: true }),
  /** POST /api/retention/sweep (administrator): one sweep now, besides the schedule. */
  'retention.sweep-now': rpcCall('retention', WithCaller, RetentionSweepResult),
  /** PUT /api/retention/clock (administrator, and only where RETENTION_TEST_CLOCK is on, never in production): moves the service's clock for tests. */
  'retention.set-clock': rpcCall('retention', WithCaller.extend(RetentionClockRequest.shape), RpcOk),
  'retention.data-held': rpcCall('retention', AboutUser, DataHeld, { idempotent: true }),
  'pages.ping': rpcCall('pages', PingRequest, PingResponse, { idempotent: true }),
  'pages.system-status': systemStatus('pages'),
  /** POST /api/admin/page-watch/run (administrator; the service checks the role again): reads every due page now, besides the schedule. */
  'pages.run-now': rpcCall('pages', WithCaller, PageWatchRunResult),
} as const satisfies RpcCallMap;

export type RpcCalls = typeof RPC_CALLS;
export type RpcPattern = keyof RpcCalls;
/** What a handler receives (parsed) and what a caller sends (before parsing). */
export type RpcRequestOf<TCall extends RpcCallSpec> = z.output<TCall['request']>;
export type RpcRequestInputOf<TCall extends RpcCallSpec> = z.input<TCall['request']>;
/** What a caller gets (parsed) and what a handler may return (before parsing). */
export type RpcResponseOf<TCall extends RpcCallSpec> = z.output<TCall['response']>;
export type RpcResponseInputOf<TCall extends RpcCallSpec> = z.input<TCall['response']>;
export type RpcRequest<P extends RpcPattern> = RpcRequestOf<RpcCalls[P]>;
export type RpcResponse<P extends RpcPattern> = RpcResponseOf<RpcCalls[P]>;


/** Who may make a call: the gateway unless its entry names others. */
export const callersOf = (call: RpcCallSpec): readonly InternalCaller[] => call.callers ?? ['gateway'];

/** Whose calls a service answers: every caller of its calls in RPC_CALLS (so whose public keys it needs). */
export const callersOfService = (service: string): InternalCaller[] => [
  ...new Set(Object.values(RPC_CALLS as RpcCallMap).filter((call) => call.service === service).flatMap((call) => callersOf(call))),
];
