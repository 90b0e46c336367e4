import {
  NotificationList,
  PriceHistory,
  PriceObservationResponse,
  PriceTarget,
  UnsubscribeResponse,
  type MarkNotificationsReadRequest,
  type PriceObservationRequest,
} from '@closetly/contracts';
import { NoContent } from './no-content';
import type { ApiTransport, CallOptions } from './transport';

/*
 * Price watch's calls (issue 25). They go by path rather than through callRoute: the routes join HTTP_ROUTES with
 * the servers that answer them, and until then these keep the same paths and answer schemas as the contract.
 */

const productPath = (productId: string) => encodeURIComponent(productId);

/** GET /api/products/{id}/price-history (signed-in savers; anyone else gets 404) → the observed prices of 90 days. */
export function getPriceHistory(transport: ApiTransport, productId: string, options: CallOptions = {}): Promise<PriceHistory> {
  return transport.request({ ...options, method: 'GET', path: `/api/products/${productPath(productId)}/price-history`, schema: PriceHistory });
}

/** GET /api/price-alerts/targets/{productId} (signed in) → {targetPrice} (null: none set). */
export function getPriceTarget(transport: ApiTransport, productId: string, options: CallOptions = {}): Promise<PriceTarget> {
  return transport.request({ ...options, method: 'GET', path: `/api/price-alerts/targets/${productPath(productId)}`, schema: PriceTarget });
}

/** PUT /api/price-alerts/targets/{productId} {targetPrice} (null clears it) → the stored target. 400 with the contract's messages. */
export function setPriceTarget(transport: ApiTransport, productId: string, body: PriceTarget, options: CallOptions = {}): Promise<PriceTarget> {
  return transport.request({ ...options, method: 'PUT', path: `/api/price-alerts/targets/${productPath(productId)}`, body, schema: PriceTarget });
}

/** GET /api/notifications (signed in) → the newest notifications first, and how many are unread. */
export function getNotifications(transport: ApiTransport, options: CallOptions = {}): Promise<NotificationList> {
  return transport.request({ ...options, method: 'GET', path: '/api/notifications', schema: NotificationList });
}

/** POST /api/notifications/read {ids?} (signed in): these notifications, or all of them without `ids`, are read. */
export function markNotificationsRead(transport: ApiTransport, body: MarkNotificationsReadRequest = {}, options: CallOptions = {}): Promise<void> {
  return transport.request({ ...options, method: 'POST', path: '/api/notifications/read', body, schema: NoContent });
}

/** POST /api/price-alerts/unsubscribe {token} (no sign-in) → {unsubscribed: true}; 400 with UNSUBSCRIBE_INVALID_MESSAGE for a bad token. */
export function unsubscribePriceAlerts(transport: ApiTransport, token: string, options: CallOptions = {}): Promise<{ unsubscribed: true }> {
  return transport.request({ ...options, method: 'POST', path: '/api/price-alerts/unsubscribe', body: { token }, schema: UnsubscribeResponse, auth: 'public' });
}

/** POST /api/price-observations {productId, price} (signed in; the extension) → {recorded}. */
export function recordPriceObservation(transport: ApiTransport, body: PriceObservationRequest, options: CallOptions = {}): Promise<PriceObservationResponse> {
  return transport.request({ ...options, method: 'POST', path: '/api/price-observations', body, schema: PriceObservationResponse });
}
