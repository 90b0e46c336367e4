import type { WardrobeItem } from '@closetly/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ActiveFilterChips } from '@/components/ui/active-filter-chips';
import { FormAlert } from '@/components/ui/form-alert';
import { useExpiring } from '@/lib/use-expiring';
import { useTimedMessage } from '@/lib/use-timed-message';
import { useWardrobe } from '../hooks/use-wardrobe';
import { WardrobeCacheError } from '../lib/update-wardrobe';
import { NO_FILTERS, filterWardrobe, wardrobeBrands, wardrobeFilterChips, withoutWardrobeFilter, type WardrobeFilters } from '../lib/wardrobe-filters';
import { WardrobeCard, WardrobeSkeletonGrid } from './wardrobe-card';
import { WardrobeFiltersPanel } from './wardrobe-filters-panel';

/** Spec §8 page messages. */
export const WARDROBE_MESSAGES = {
  fetchFailed: 'Failed to fetch wardrobe data',
  removeFailed: 'Failed to remove item. Please try again.',
  updateFailed: 'Failed to update wardrobe after removal.',
  removed: 'Item successfully removed from wardrobe.',
  empty: 'Your wardrobe is empty or no items match the current filters.',
} as const;

export interface WardrobeCollectionProps {
  /** A card was clicked: the page opens the quick view. */
  onOpen: (item: WardrobeItem) => void;
}

/** My Wardrobe's content (spec §2): filters toggle, grid, skeletons, empty text and messages. */
export function WardrobeCollection({ onOpen }: WardrobeCollectionProps) {
  const wardrobe = useWardrobe({ refreshOnVisit: true });
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [filters, setFilters] = useState<WardrobeFilters>(NO_FILTERS);
  const { message, show } = useTimedMessage();
  const showFetchError = useExpiring(wardrobe.errorAt);
  const filtersId = useId();
  const filtersToggleRef = useRef<HTMLButtonElement>(null);

  const brands = useMemo(() => wardrobeBrands(wardrobe.items), [wardrobe.items]);
  const visible = useMemo(() => filterWardrobe(wardrobe.items, filters), [wardrobe.items, filters]);
  const gridRef = useRef<HTMLUListElement>(null);
  /** Where the removed card stood, while its removal may leave the focus nowhere. */
  const removedAt = useRef<number | null>(null);

  // The removed card took the focused button with it: the next card's remove button (else the last one's, else the filters toggle) takes it.
  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    if (document.activeElement !== document.body && document.activeElement !== null) return;
    const buttons = gridRef.current?.querySelectorAll<HTMLButtonElement>('.wardrobe-card__remove') ?? [];
    (buttons[Math.min(index, buttons.length - 1)] ?? filtersToggleRef.current)?.focus();
  }, [visible]);

  const remove = async (item: WardrobeItem) => {
    removedAt.current = visible.findIndex((shown) => shown.id === item.id);
    try {
      await wardrobe.remove(item.id);
      show('success', WARDROBE_MESSAGES.removed);
    } catch (error) {
      removedAt.current = null;
      console.error('Removing from the wardrobe failed', error);
      show('error', error instanceof WardrobeCacheError ? WARDROBE_MESSAGES.updateFailed : WARDROBE_MESSAGES.removeFailed);
    }
  };

  return (
    <section className="wardrobe" aria-label="Saved items">
      <div className="wardrobe__toolbar">
        <button
          ref={filtersToggleRef}
          type="button"
          className="button button--ghost"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen ? 'Close Filters' : 'Open Filters'}
        </button>
        {wardrobe.isLoaded ? (
          <p className="wardrobe__count">
            {visible.length === wardrobe.items.length
              ? `${wardrobe.items.length} ${wardrobe.items.length === 1 ? 'item' : 'items'}`
              : `${visible.length} of ${wardrobe.items.length} items`}
          </p>
        ) : null}
      </div>
      {filtersOpen ? (
        <WardrobeFiltersPanel id={filtersId} filters={filters} brands={brands} onChange={setFilters} />
      ) : (
        // With the panel closed, the active filters would be invisible: chips say which, and remove them.
        <ActiveFilterChips
          chips={wardrobeFilterChips(filters)}
          onRemove={(key) => setFilters((current) => withoutWardrobeFilter(current, key))}
          onClearAll={() => setFilters(NO_FILTERS)}
          fallbackFocus={filtersToggleRef}
        />
      )}

      <div className="wardrobe__messages" aria-live="polite">
        {showFetchError ? <FormAlert tone="error">{WARDROBE_MESSAGES.fetchFailed}</FormAlert> : null}
        {message ? <FormAlert tone={message.tone}>{message.text}</FormAlert> : null}
      </div>

      {wardrobe.isLoading ? (
        <WardrobeSkeletonGrid />
      ) : visible.length === 0 ? (
        <p className="wardrobe__empty">{WARDROBE_MESSAGES.empty}</p>
      ) : (
        <ul ref={gridRef} className="product-grid">
          {visible.map((item) => (
            <WardrobeCard key={item.id} item={item} removing={wardrobe.isRemoving(item.id)} onOpen={onOpen} onRemove={(it) => void remove(it)} />
          ))}
        </ul>
      )}
    </section>
  );
}
