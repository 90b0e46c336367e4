import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { LiveEvent } from '@closetly/contracts';
import { createLiveSync, WARDROBE_REFETCH_COALESCE_MS, type LiveSyncActions } from './live-sync';

const at = '2026-11-27T18:00:00.000Z';
const A = '7f1c3e0e-2b1a-4c8e-9d1e-0a1b2c3d4e5f';
const B = '0b7c8e2a-3f4d-4e5f-8a9b-1c2d3e4f5a6b';
const saved = (productId: string): LiveEvent => ({ type: 'item-saved', productId, at });
const removed = (productId: string): LiveEvent => ({ type: 'item-removed', productId, at });

/** A tab whose wardrobe holds `items`, recording what the sync asked of it. */
function fakeTab(items: string[] = []) {
  const calls: string[] = [];
  let fetching = false;
  const actions: LiveSyncActions = {
    wardrobeHas: (productId) => items.includes(productId),
    refetchWardrobe: () => calls.push('refetch wardrobe'),
    wardrobeFetching: () => fetching,
    removeFromWardrobe: (productId) => calls.push(`remove ${productId}`),
    refreshNotifications: () => calls.push('refresh notifications'),
    refreshProductPrice: (productId) => calls.push(`refresh price ${productId}`),
    endSession: () => calls.push('end session'),
  };
  return {
    calls,
    sync: createLiveSync(actions),
    setFetching: (value: boolean) => {
      fetching = value;
    },
  };
}

describe('createLiveSync: what the stream does to a tab', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('refetches the wardrobe once for a burst of saves and price changes', () => {
    const tab = fakeTab();
    tab.sync.onEvent(saved(A));
    tab.sync.onEvent(saved(B));
    tab.sync.onEvent({ type: 'price-changed', productId: A, price: 49, currency: 'USD', at });
    expect(tab.calls).toEqual([`refresh price ${A}`]);
    jest.advanceTimersByTime(WARDROBE_REFETCH_COALESCE_MS);
    expect(tab.calls).toEqual([`refresh price ${A}`, 'refetch wardrobe']);
    // The next change, after the burst, fetches again.
    tab.sync.onEvent(saved(B));
    jest.advanceTimersByTime(WARDROBE_REFETCH_COALESCE_MS);
    expect(tab.calls.filter((call) => call === 'refetch wardrobe')).toHaveLength(2);
  });

  it('does not refetch for a save the tab already shows (its own)', () => {
    const tab = fakeTab([A]);
    tab.sync.onEvent(saved(A));
    jest.advanceTimersByTime(10 * WARDROBE_REFETCH_COALESCE_MS);
    expect(tab.calls).toEqual([]);
  });

  it('applies a removal locally, and fetches again only when a fetch under way could bring the item back', () => {
    const tab = fakeTab([A]);
    tab.sync.onEvent(removed(A));
    jest.advanceTimersByTime(10 * WARDROBE_REFETCH_COALESCE_MS);
    expect(tab.calls).toEqual([`remove ${A}`]);

    tab.setFetching(true);
    tab.sync.onEvent(removed(B));
    jest.advanceTimersByTime(WARDROBE_REFETCH_COALESCE_MS);
    expect(tab.calls).toEqual([`remove ${A}`, `remove ${B}`, 'refetch wardrobe']);
  });

  it('refreshes the notifications on an alert', () => {
    const tab = fakeTab();
    tab.sync.onEvent({ type: 'alert', productId: A, notificationId: B, kind: 'price-drop', at });
    jest.advanceTimersByTime(10 * WARDROBE_REFETCH_COALESCE_MS);
    expect(tab.calls).toEqual(['refresh notifications']);
  });

  it('catches up once on ready and on resync, and signs out on session-ended', () => {
    const tab = fakeTab();
    tab.sync.onControl({ type: 'ready', lastEventId: null });
    tab.sync.onControl({ type: 'resync' });
    jest.advanceTimersByTime(WARDROBE_REFETCH_COALESCE_MS);
    expect(tab.calls).toEqual(['refresh notifications', 'refresh notifications', 'refetch wardrobe']);

    tab.sync.onControl({ type: 'session-ended' });
    expect(tab.calls.at(-1)).toBe('end session');
  });

  it('stop() cancels a refetch not yet made', () => {
    const tab = fakeTab();
    tab.sync.onEvent(saved(A));
    tab.sync.stop();
    jest.advanceTimersByTime(10 * WARDROBE_REFETCH_COALESCE_MS);
    expect(tab.calls).toEqual([]);
  });
});
