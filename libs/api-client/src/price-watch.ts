import type { MarkNotificationsReadRequest, NotificationList, PriceHistory, PriceObservationRequest, PriceObservationResponse, PriceTarget } from '@closetly/contracts';
import { callRoute } from './call-route';
import type { ApiTransport, CallOptions } from './transport';

/** Price watch's calls (issue 25), each one route of the HTTP contract. */

/** GET /api/products/{id}/price-history (signed-in savers; anyone else gets 404) → the observed prices of 90 days. */
export function getPriceHistory(transport: ApiTransport, productId: string, options: CallOptions = {}): Promise<PriceHistory> {
  return callRoute(transport, 'getPriceHistory', { params: { id: productId } }, options);
}

/** GET /api/price-alerts/targets/{productId} (signed in) → {targetPrice} (null: none set). */
export function getPriceTarget(transport: ApiTransport, productId: string, options: CallOptions = {}): Promise<PriceTarget> {
  return callRoute(transport, 'getPriceTarget', { params: { productId } }, options);
}

/** PUT /api/price-alerts/targets/{productId} {targetPrice} (null clears it) → the stored target. 400 with the contract's messages. */
export function setPriceTarget(transport: ApiTransport, productId: string, body: PriceTarget, options: CallOptions = {}): Promise<PriceTarget> {
  return callRoute(transport, 'setPriceTarget', { params: { productId }, body }, options);
}

/** GET /api/notifications (signed in) → the newest notifications first, and how many are unread. */
export function getNotifications(transport: ApiTransport, options: CallOptions = {}): Promise<NotificationList> {
  return callRoute(transport, 'listNotifications', {}, options);
}

/** POST /api/notifications/read {ids?} (signed in): these notifications, or all of them without `ids`, are read → the list as it is now. */
export function markNotificationsRead(transport: ApiTransport, body: MarkNotificationsReadRequest = {}, options: CallOptions = {}): Promise<NotificationList> {
  return callRoute(transport, 'markNotificationsRead', { body }, options);
}

/** POST /api/price-alerts/unsubscribe {token} (no sign-in) → {unsubscribed: true}; 400 with UNSUBSCRIBE_INVALID_MESSAGE for a bad token. */
export function unsubscribePriceAlerts(transport: ApiTransport, token: string, options: CallOptions = {}): Promise<{ unsubscribed: true }> {
  return callRoute(transport, 'unsubscribePriceAlerts', { body: { token } }, { ...options, auth: 'public' });
}

/** POST /api/price-observations {productId, price} (signed in; the extension) → {recorded}. */
export function recordPriceObservation(transport: ApiTransport, body: PriceObservationRequest, options: CallOptions = {}): Promise<PriceObservationResponse> {
  return callRoute(transport, 'recordPriceObservation', { body }, options);
}
