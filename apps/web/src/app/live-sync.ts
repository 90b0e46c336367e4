import type { LiveControl, LiveEvent } from '@closetly/contracts';

/** Saves and price changes that arrive together (a burst from the extension, a catch-up) cost one wardrobe fetch. */
export const WARDROBE_REFETCH_COALESCE_MS = 150;

/** What a tab can do about the stream's news (live-updates.ts binds these to the tab's queries and session). */
export interface LiveSyncActions {
  /** The loaded wardrobe has this product. */
  wardrobeHas(productId: string): boolean;
  /** Fetch the whole wardrobe again, past its 1-hour cache. */
  refetchWardrobe(): void;
  /** A fetch of the wardrobe is under way. */
  wardrobeFetching(): boolean;
  /** Take the product out of the loaded wardrobe and its cache. */
  removeFromWardrobe(productId: string): void;
  /** Ask again for the notifications (the unread dot). */
  refreshNotifications(): void;
  /** Ask again for what a product's own views show of its price. */
  refreshProductPrice(productId: string): void;
  /** Sign out here as a 401 does. */
  endSession(): void;
}

export interface LiveSync {
  onEvent(event: LiveEvent): void;
  onControl(control: LiveControl): void;
  stop(): void;
}

/**
 * The rules of the live wardrobe (issue 26) for one tab: events carry only ids, so a save or a price
 * change refetches the wardrobe (bursts coalesced), a removal is applied locally; `ready` after a
 * (re)connect and `resync` catch up once on the wardrobe and the notifications; an alert refreshes the
 * notifications; `session-ended` signs out.
 */
export function createLiveSync(actions: LiveSyncActions, coalesceMs = WARDROBE_REFETCH_COALESCE_MS): LiveSync {
  let refetchTimer: ReturnType<typeof setTimeout> | null = null;
  const refetchWardrobeSoon = () => {
    refetchTimer ??= setTimeout(() => {
      refetchTimer = null;
      actions.refetchWardrobe();
    }, coalesceMs);
  };

  return {
    onEvent(event) {
      switch (event.type) {
        case 'item-saved':
          // Already here: this tab made the save, and its own answer updated the list.
          if (!actions.wardrobeHas(event.productId)) refetchWardrobeSoon();
          break;
        case 'item-removed':
          actions.removeFromWardrobe(event.productId);
          // A fetch that started before the removal could bring the item back: fetch again after it.
          if (actions.wardrobeFetching()) refetchWardrobeSoon();
          break;
        case 'price-changed':
          refetchWardrobeSoon();
          actions.refreshProductPrice(event.productId);
          break;
        case 'alert':
          actions.refreshNotifications();
          break;
      }
    },
    onControl(control) {
      if (control.type === 'session-ended') {
        actions.endSession();
        return;
      }
      // `ready` after a (re)connect, `resync`: what happened while nobody listened is fetched once.
      refetchWardrobeSoon();
      actions.refreshNotifications();
    },
    stop() {
      if (refetchTimer !== null) clearTimeout(refetchTimer);
      refetchTimer = null;
    },
  };
}
