export { createApiClient, type ApiClient } from './client';
export { callRoute, type JsonRouteKey, type RouteCallOptions, type RouteInput, type RouteQuery } from './call-route';
export { ApiError, InvalidResponseError, NetworkError } from './errors';
export {
  createTransport,
  type ApiClientOptions,
  type ApiRequest,
  type ApiTransport,
  type CallOptions,
  type HttpMethod,
  type QueryValue,
  type TokenGetter,
  type UnauthorizedEvent,
} from './transport';
export { verifyBeta } from './verify-beta';
export { signUp } from './sign-up';
export { signIn } from './sign-in';
export { refresh } from './refresh';
export { me } from './me';
export { logout } from './logout';
export { mintExtensionToken } from './mint-extension-token';
export { signOutEverywhere } from './sign-out-everywhere';
export { forgotPassword } from './forgot-password';
export { resetPassword } from './reset-password';
export { getSignInOptions, oidcStart, type OidcIntent } from './oidc-start';
export { oidcComplete } from './oidc-complete';
export { saveItem } from './save-item';
export { getWardrobe } from './get-wardrobe';
export { removeFromWardrobe } from './remove-from-wardrobe';
export { getProduct } from './get-product';
export { sendItemFeedback } from './send-item-feedback';
export { getProfile } from './get-profile';
export { updateProfile } from './update-profile';
export { exportAccount } from './export-account';
export { deleteAccount } from './delete-account';
export { search, type SearchQuery } from './search';
export { getSearchSuggestions } from './get-search-suggestions';
export { saveSearch } from './save-search';
export { getRecentSearches } from './get-recent-searches';
export { getPopularItems } from './get-popular-items';
export { getCategoryProducts } from './get-category-products';
export { getNewArrivals } from './get-new-arrivals';
export { getRecommendedItems } from './get-recommended-items';
export { getUngenderedProducts } from './get-ungendered-products';
export { setProductGender } from './set-product-gender';
export { setProductHidden } from './set-product-hidden';
export { getAtRiskItems } from './get-at-risk-items';
export { getSystemStatus } from './get-system-status';
export { confirmEmail, getEmailStatus, resendConfirmation } from './email-confirmation';
export { getContestedProducts, resolveContest } from './contested-products';
export { getNotifications, getPriceHistory, getPriceTarget, markNotificationsRead, recordPriceObservation, setPriceTarget, unsubscribePriceAlerts } from './price-watch';
export { LIVE_MAX_BACKOFF_MS, openLiveEvents, type LiveEventsConnection, type LiveEventsOptions, type LiveEventsState } from './live-events';
