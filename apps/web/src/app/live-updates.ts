import { ApiError, openLiveEvents } from '@closetly/api-client';
import { HTTP_ROUTES } from '@closetly/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { notificationsQueryKey } from '@/features/price-watch/api/notifications';
import { priceHistoryQueryKey } from '@/features/price-watch/api/price-history';
import { productQueryKey } from '@/features/quick-view/api/get-product';
import { isWardrobeFetching, refetchWardrobe, removeWardrobeItemLocally, wardrobeHas } from '@/features/wardrobe/lib/live-wardrobe';
import { readBetaToken } from '@/lib/beta-token';
import { LIVE_CHANNEL, shareLiveEvents, type LiveChannel, type LiveLocks, type SharedLiveEvents } from '@/lib/shared-live-events';
import { authStore } from './auth';
import { createLiveSync } from './live-sync';

/**
 * The live wardrobe (issue 26), loaded as its own chunk once the user is signed in (providers.tsx): while
 * signed in, this browser holds one live events stream (shared by its tabs, lib/shared-live-events.ts),
 * and each tab applies what it says to its own queries (live-sync.ts): the wardrobe, the notifications, a product's price.
 * The spec's cache times still hold for everything the stream does not announce.
 */
export function startLiveUpdates(queryClient: QueryClient): () => void {
  let shared: SharedLiveEvents | null = null;
  let sharedUid: string | null = null;

  // Follows the session: a stream for the signed-in user, none signed out (a refreshed token keeps the stream).
  const follow = () => {
    const state = authStore.getState();
    const uid = state.status === 'signedIn' ? state.session.user.uid : null;
    if (uid === sharedUid) return;
    shared?.stop();
    sharedUid = uid;
    shared = uid === null ? null : shareFor(queryClient, uid);
  };
  const unsubscribe = authStore.subscribe(follow);
  follow();
  return () => {
    unsubscribe();
    shared?.stop();
    shared = null;
    sharedUid = null;
  };
}

function shareFor(queryClient: QueryClient, uid: string): SharedLiveEvents {
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });
  const sync = createLiveSync({
    wardrobeHas: (productId) => wardrobeHas(queryClient, uid, productId),
    refetchWardrobe: () => void refetchWardrobe(queryClient, uid).catch((error: unknown) => console.warn('Live update: the wardrobe could not be refetched', error)),
    wardrobeFetching: () => isWardrobeFetching(queryClient, uid),
    removeFromWardrobe: (productId) => removeWardrobeItemLocally(queryClient, uid, productId),
    refreshNotifications: () => invalidate(notificationsQueryKey(uid)),
    refreshProductPrice: (productId) => {
      invalidate(productQueryKey(productId));
      invalidate(priceHistoryQueryKey(productId));
    },
    // Signs out here exactly as a 401 does (spec §7), whichever token this tab holds now: the session is over.
    endSession: () => authStore.handleUnauthorized({ error: new ApiError(401, null), path: HTTP_ROUTES.liveEvents.path, accessToken: null }),
  });

  /** The token the leader's stream was last opened with, to tell a stale 401 from an ended session. */
  let streamToken: string | null = null;
  const shared = shareLiveEvents({
    uid,
    onEvent: sync.onEvent,
    onControl: sync.onControl,
    open: (lastEventId, callbacks) =>
      openLiveEvents({
        baseUrl: env.apiBaseUrl,
        getBetaToken: readBetaToken,
        getAccessToken: async () => (streamToken = await authStore.getAccessToken()),
        lastEventId,
        onEvent: callbacks.onEvent,
        onControl: callbacks.onControl,
        onUnauthorized: callbacks.onUnauthorized,
      }),
    onUnauthorized: () => {
      const state = authStore.getState();
      // The session has a newer token than the refused one (a refresh in between): open again with it.
      if (state.status === 'signedIn' && streamToken !== null && state.session.accessToken !== streamToken) return true;
      authStore.handleUnauthorized({ error: new ApiError(401, null), path: HTTP_ROUTES.liveEvents.path, accessToken: streamToken });
      return false;
    },
    locks: typeof navigator !== 'undefined' && navigator.locks ? (navigator.locks as LiveLocks) : null,
    createChannel: typeof BroadcastChannel === 'function' ? (): LiveChannel => new BroadcastChannel(LIVE_CHANNEL) : null,
  });

  return {
    get role() {
      return shared.role;
    },
    get lastEventId() {
      return shared.lastEventId;
    },
    stop() {
      sync.stop();
      shared.stop();
    },
  };
}
