import { z } from 'zod';
import { NotificationKind } from './price-watch';

/**
 * The live wardrobe (issue 26): one Server-Sent Events stream per signed-in client, `GET /api/events`,
 * read with fetch (EventSource cannot send the beta and bearer headers). Each frame is
 *
 *     id: <stream id>            (only on a LiveEvent: the client sends it back as Last-Event-ID)
 *     event: <type>
 *     data: <one line of JSON: a LiveEvent or a LiveControl>
 *
 * and a comment line (`: heartbeat`) every LIVE_HEARTBEAT_MS. Ids are the user's own, increasing
 * (`<ms>-<seq>`), and mean nothing across users.
 */

const ProductId = z.string().uuid();
const At = z.string().datetime();

/** What another device, tab or the extension changed, or what the catalogue and alerts said about a saved product. */
export const LiveEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('item-saved'), productId: ProductId, at: At }),
  z.object({ type: z.literal('item-removed'), productId: ProductId, at: At }),
  z.object({ type: z.literal('price-changed'), productId: ProductId, price: z.number().nullable(), currency: z.string().nullable(), at: At }),
  z.object({ type: z.literal('alert'), productId: ProductId, notificationId: z.string().uuid(), kind: NotificationKind, at: At }),
]);
export type LiveEvent = z.infer<typeof LiveEvent>;
export type LiveEventType = LiveEvent['type'];

/**
 * The stream's own messages, sent without an id:
 * - `ready`: the stream is open; `lastEventId` is where a later resume starts (null: nothing yet).
 * - `resync`: the events after the client's Last-Event-ID are no longer kept (or it is unknown):
 *   refetch everything the stream announces (the wardrobe, the notifications), then go on.
 * - `session-ended`: the session signed out (logout, sign-out everywhere, deletion); the stream closes
 *   and must not be reopened with that token.
 */
export const LiveControl = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), lastEventId: z.string().nullable() }),
  z.object({ type: z.literal('resync') }),
  z.object({ type: z.literal('session-ended') }),
]);
export type LiveControl = z.infer<typeof LiveControl>;

export const LiveMessage = z.union([LiveEvent, LiveControl]);
export type LiveMessage = z.infer<typeof LiveMessage>;

/** A stream's id, as the server writes it and the client sends it back: `<milliseconds>-<sequence>`. */
export const LIVE_EVENT_ID = /^\d{1,15}-\d{1,15}$/;

/** A comment line this often keeps proxies from closing an idle stream and tells the client it is alive. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** A client that heard nothing (not even a heartbeat) for this long reconnects. */
export const LIVE_SILENCE_MS = 2 * LIVE_HEARTBEAT_MS + 5_000;
/** The `retry:` the stream advises: how long a client waits before reconnecting after a drop. */
export const LIVE_RETRY_MS = 2_000;
/** Open streams one user may hold at once, across every gateway replica (a browser's tabs share one). */
export const LIVE_STREAMS_PER_USER = 8;
/** How many of a user's latest events are kept for a resume, and for how long after the last one. */
export const LIVE_EVENTS_KEPT = 500;
export const LIVE_EVENTS_KEPT_SECONDS = 24 * 60 * 60;

export const LIVE_EVENTS_TOO_MANY_MESSAGE = 'Too many live connections for this account. Close another tab or device and try again.';
export const LIVE_EVENTS_BUSY_MESSAGE = 'Live updates are busy right now. Please try again shortly.';
