import { ApiError, openLiveEvents } from '@closetly/api-client';
import type { LiveControl, LiveEvent } from '@closetly/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { notificationsQueryKey } from '@/features/price-watch/api/notifications';
import { priceHistoryQueryKey } from '@/features/price-watch/api/price-history';
import { productQueryKey } from '@/features/quick-view/api/get-product';
import { isWardrobeFetching, refetchWardrobe, removeWardrobeItemLocally, wardrobeHas } from '@/features/wardrobe/lib/live-wardrobe';
import { readBetaToken } from '@/lib/beta-token';
import { LIVE_CHANNEL, shareLiveEvents, type LiveChannel, type LiveLocks, type SharedLiveEvents } from '@/lib/shared-live-events';
import { authStore } from './auth';

/** Saves and price changes that arrive together (a burst from the extension, a catch-up) cost one wardrobe fetch. */
export const WARDROBE_REFETCH_COALESCE_MS = 150;

/**
 * The live wardrobe (issue 26), loaded as its own chunk once the user is signed in (providers.tsx): while
 * signed in, this browser holds one live events stream (shared by its tabs, lib/shared-live-events.ts),
 * and each tab applies what it says to its own queries: the wardrobe, the notifications, a product's price.
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
  let refetchTimer: ReturnType<typeof setTimeout> | null = null;
  const refetchWardrobeSoon = () => {
    refetchTimer ??= setTimeout(() => {
      refetchTimer = null;
      void refetchWardrobe(queryClient, uid).catch((error: unknown) => console.warn('Live update: the wardrobe could not be refetched', error));
    }, WARDROBE_REFETCH_COALESCE_MS);
  };
  const refreshNotifications = () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey(uid) });

  const onEvent = (event: LiveEvent) => {
    switch (event.type) {
      case 'item-saved':
        // Already here: this tab made the save (its own answer updated the list).
        if (!wardrobeHas(queryClient, uid, event.productId)) refetchWardrobeSoon();
        break;
      case 'item-removed':
        removeWardrobeItemLocally(queryClient, uid, event.productId);
        // A fetch that started before the removal could bring the item back: fetch again after it.
        if (refetchTimer === null && isWardrobeFetching(queryClient, uid)) refetchWardrobeSoon();
        break;
      case 'price-changed':
        refetchWardrobeSoon();
        void queryClient.invalidateQueries({ queryKey: productQueryKey(event.productId) });
        void queryClient.invalidateQueries({ queryKey: priceHistoryQueryKey(event.productId) });
        break;
      case 'alert':
        refreshNotifications();
        break;
    }
  };

  const onControl = (control: LiveControl) => {
    if (control.type === 'session-ended') {
      // Signs out here exactly as a 401 does (spec §7), whichever token this tab holds now: the session is over.
      authStore.handleUnauthorized({ error: new ApiError(401, null), path: '/api/events', accessToken: null });
      return;
    }
    // `ready` after a (re)connect, `resync`: what happened while nobody listened is fetched once.
    refetchWardrobeSoon();
    refreshNotifications();
  };

  /** The token the leader's stream was last opened with, to tell a stale 401 from an ended session. */
  let streamToken: string | null = null;
  const shared = shareLiveEvents({
    uid,
    onEvent,
    onControl,
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
      authStore.handleUnauthorized({ error: new ApiError(401, null), path: '/api/events', accessToken: streamToken });
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
      if (refetchTimer !== null) clearTimeout(refetchTimer);
      refetchTimer = null;
      shared.stop();
    },
  };
}
