import type {
  CategoryListQuery,
  DeleteAccountRequest,
  ItemFeedbackRequest,
  ItemInput,
  ListCategory,
  MarkNotificationsReadRequest,
  PopularItemsQuery,
  PriceObservationRequest,
  PriceTarget,
  ProductGender,
  ResetPasswordRequest,
  ResolveContestRequest,
  ConfirmEmailRequest,
  SignInRequest,
  SignUpRequest,
  UpdateProfileRequest,
} from '@closetly/contracts';
import { deleteAccount } from './delete-account';
import { exportAccount } from './export-account';
import { forgotPassword } from './forgot-password';
import { getAtRiskItems } from './get-at-risk-items';
import { getCategoryProducts } from './get-category-products';
import { getNewArrivals } from './get-new-arrivals';
import { getPopularItems } from './get-popular-items';
import { getProduct } from './get-product';
import { getProfile } from './get-profile';
import { getNotifications, getPriceHistory, getPriceTarget, markNotificationsRead, recordPriceObservation, setPriceTarget, unsubscribePriceAlerts } from './price-watch';
import { getRecentSearches } from './get-recent-searches';
import { getRecommendedItems } from './get-recommended-items';
import { getSearchSuggestions } from './get-search-suggestions';
import { getContestedProducts, resolveContest } from './contested-products';
import { getUngenderedProducts } from './get-ungendered-products';
import { getSystemStatus } from './get-system-status';
import { getWardrobe } from './get-wardrobe';
import { logout } from './logout';
import { confirmEmail, getEmailStatus, resendConfirmation } from './email-confirmation';
import { me } from './me';
import { mintExtensionToken } from './mint-extension-token';
import { oidcComplete } from './oidc-complete';
import { getSignInOptions, oidcStart, type OidcIntent } from './oidc-start';
import { refresh } from './refresh';
import { removeFromWardrobe } from './remove-from-wardrobe';
import { resetPassword } from './reset-password';
import { saveItem } from './save-item';
import { saveSearch } from './save-search';
import { search, type SearchQuery } from './search';
import { setProductGender } from './set-product-gender';
import { setProductHidden } from './set-product-hidden';
import { sendItemFeedback } from './send-item-feedback';
import { signIn } from './sign-in';
import { signOutEverywhere } from './sign-out-everywhere';
import { signUp } from './sign-up';
import { updateProfile } from './update-profile';
import { callRoute, type JsonRouteKey, type RouteCallOptions, type RouteInput } from './call-route';
import { createTransport, type ApiClientOptions, type CallOptions } from './transport';
import { verifyBeta } from './verify-beta';

/** Typed client for the gateway's /api routes. Works in the browser, the extension and Node (needs only `fetch`). */
export function createApiClient(options: ApiClientOptions = {}) {
  const transport = createTransport(options);
  return {
    transport,
    /** Any JSON route of HTTP_ROUTES by its key, typed from the map (the named operations below wrap the ones the apps use). */
    call: <K extends JsonRouteKey>(key: K, input: RouteInput<K>, call?: RouteCallOptions) => callRoute(transport, key, input, call),
    verifyBeta: (code: string, signal?: AbortSignal) => verifyBeta(transport, code, signal),
    signUp: (body: SignUpRequest, call?: CallOptions) => signUp(transport, body, call),
    signIn: (body: SignInRequest, call?: CallOptions) => signIn(transport, body, call),
    refresh: (refreshToken: string, call?: CallOptions) => refresh(transport, refreshToken, call),
    me: (call?: CallOptions) => me(transport, call),
    logout: (refreshToken: string, call?: CallOptions) => logout(transport, refreshToken, call),
    mintExtensionToken: (call?: CallOptions) => mintExtensionToken(transport, call),
    signOutEverywhere: (call?: CallOptions) => signOutEverywhere(transport, call),
    forgotPassword: (email: string, call?: CallOptions) => forgotPassword(transport, email, call),
    resetPassword: (body: ResetPasswordRequest, call?: CallOptions) => resetPassword(transport, body, call),
    confirmEmail: (body: ConfirmEmailRequest, call?: CallOptions) => confirmEmail(transport, body, call),
    resendConfirmation: (call?: CallOptions) => resendConfirmation(transport, call),
    getEmailStatus: (call?: CallOptions) => getEmailStatus(transport, call),
    oidcStart: (intent: OidcIntent, call?: CallOptions) => oidcStart(transport, intent, call),
    getSignInOptions: (call?: CallOptions) => getSignInOptions(transport, call),
    oidcComplete: (loginCode: string, call?: CallOptions) => oidcComplete(transport, loginCode, call),
    saveItem: (item: ItemInput, call?: CallOptions) => saveItem(transport, item, call),
    getWardrobe: (call?: CallOptions) => getWardrobe(transport, call),
    removeFromWardrobe: (productId: string, call?: CallOptions) => removeFromWardrobe(transport, productId, call),
    getProduct: (productId: string, call?: CallOptions) => getProduct(transport, productId, call),
    getAtRiskItems: (call?: CallOptions) => getAtRiskItems(transport, call),
    getUngenderedProducts: (call?: CallOptions) => getUngenderedProducts(transport, call),
    getContestedProducts: (call?: CallOptions) => getContestedProducts(transport, call),
    getSystemStatus: (call?: CallOptions) => getSystemStatus(transport, call),
    resolveContest: (productId: string, resolution: ResolveContestRequest, call?: CallOptions) => resolveContest(transport, productId, resolution, call),
    setProductGender: (productId: string, gender: ProductGender, call?: CallOptions) => setProductGender(transport, productId, gender, call),
    setProductHidden: (productId: string, hidden: boolean, call?: CallOptions) => setProductHidden(transport, productId, hidden, call),
    sendItemFeedback: (body: ItemFeedbackRequest, call?: CallOptions) => sendItemFeedback(transport, body, call),
    getProfile: (call?: CallOptions) => getProfile(transport, call),
    updateProfile: (body: UpdateProfileRequest, call?: CallOptions) => updateProfile(transport, body, call),
    exportAccount: (call?: CallOptions) => exportAccount(transport, call),
    deleteAccount: (body: DeleteAccountRequest, call?: CallOptions) => deleteAccount(transport, body, call),
    search: (query: SearchQuery, call?: CallOptions) => search(transport, query, call),
    getSearchSuggestions: (prefix: string, call?: CallOptions) => getSearchSuggestions(transport, prefix, call),
    saveSearch: (term: string, call?: CallOptions) => saveSearch(transport, term, call),
    getRecentSearches: (call?: CallOptions) => getRecentSearches(transport, call),
    getPopularItems: (query?: Partial<PopularItemsQuery>, call?: CallOptions) => getPopularItems(transport, query, call),
    getCategoryProducts: (category: ListCategory, query?: CategoryListQuery, call?: CallOptions) => getCategoryProducts(transport, category, query, call),
    getNewArrivals: (brand: string, call?: CallOptions) => getNewArrivals(transport, brand, call),
    getRecommendedItems: (call?: CallOptions) => getRecommendedItems(transport, call),
    getPriceHistory: (productId: string, call?: CallOptions) => getPriceHistory(transport, productId, call),
    getPriceTarget: (productId: string, call?: CallOptions) => getPriceTarget(transport, productId, call),
    setPriceTarget: (productId: string, body: PriceTarget, call?: CallOptions) => setPriceTarget(transport, productId, body, call),
    getNotifications: (call?: CallOptions) => getNotifications(transport, call),
    markNotificationsRead: (body?: MarkNotificationsReadRequest, call?: CallOptions) => markNotificationsRead(transport, body, call),
    unsubscribePriceAlerts: (token: string, call?: CallOptions) => unsubscribePriceAlerts(transport, token, call),
    recordPriceObservation: (body: PriceObservationRequest, call?: CallOptions) => recordPriceObservation(transport, body, call),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
