import type { ProductView } from '@closetly/contracts';
import { useId, useRef, useState } from 'react';
import { ActiveFilterChips } from '@/components/ui/active-filter-chips';
import { ProductCard, ProductSkeletonGrid } from '@/components/ui/product-card';
import { focusPageHeading } from '@/lib/page-focus';
import { MOBILE_MEDIA_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { useSearchResults } from '../api/search';
import { useSearchState } from '../hooks/use-search-state';
import { filterOptions, searchFilterChips, withoutSearchChip } from '../lib/filter-options';
import { NO_FILTERS, filtersOf, hasFilters, toggleFilter, withFilters, withPage, type SearchFilters } from '../lib/search-url';
import { FiltersSheet } from './filters-sheet';
import { SearchFiltersPanel, type ToggleFilter } from './search-filters';
import { SearchPagination } from './search-pagination';

/** Spec §2 copy. */
export const NO_RESULTS_TEXT = 'No products found matching your search criteria.';
export const SEARCH_SKELETON_COUNT = 8;

export interface SearchResultsViewProps {
  /** A card was clicked: the page opens the quick view. */
  onOpen: (product: ProductView) => void;
}

/**
 * The results of /search (spec §2): a filters toggle, a grid of 25 per page, skeleton cards while
 * loading, the no-results text, numbered page buttons, and the filter panel (beside the grid, or a
 * bottom sheet on mobile). Everything it shows comes from the URL, so Back and shared links work.
 */
export function SearchResultsView({ onOpen }: SearchResultsViewProps) {
  const { state, show } = useSearchState();
  const search = useSearchResults(state);
  const isMobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const panelId = useId();
  const filtersToggleRef = useRef<HTMLButtonElement>(null);

  const filters = filtersOf(state);
  const { results } = search;

  const onToggle: ToggleFilter = (group, value) =>
    show(withFilters(state, toggleFilter(filters, group, value)), { preventScrollReset: true, flushSync: true });
  const showPage = (page: number) => {
    show(withPage(state, page));
    // The new page is shown from its top: the keyboard starts there too, not at the page buttons below.
    focusPageHeading({ announceTitle: false });
  };
  const apply = (next: SearchFilters) => {
    setFiltersOpen(false);
    show(withFilters(state, next));
  };

  return (
    <section className="search-results" aria-label="Search results">
      <div className="search-results__toolbar">
        <button
          ref={filtersToggleRef}
          type="button"
          className="button button--ghost"
          aria-expanded={filtersOpen}
          aria-controls={isMobile ? undefined : panelId}
          aria-haspopup={isMobile ? 'dialog' : undefined}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          {filtersOpen ? 'Close Filters' : 'Open Filters'}
        </button>
        <p className="search-results__count" aria-live="polite">
          {results ? `${results.total} ${results.total === 1 ? 'item' : 'items'}` : 'Searching...'}
        </p>
        {/* Which page, for screen readers: a page button changes the results without a new heading. */}
        <p className="visually-hidden" role="status">
          {results && results.pageCount > 1 ? `Page ${state.page} of ${results.pageCount}` : null}
        </p>
      </div>

      <div className="search-results__layout" data-filters={(filtersOpen && !isMobile) || undefined}>
        {filtersOpen && !isMobile ? (
          <SearchFiltersPanel
            id={panelId}
            options={filterOptions(search.facets, filters)}
            onToggle={onToggle}
            canClear={hasFilters(filters)}
            onClear={() => show(withFilters(state, NO_FILTERS), { preventScrollReset: true, flushSync: true })}
          />
        ) : null}

        <div className="search-results__main">
          {/* With the sheet or the panel closed, the active filters would be invisible: chips say which, and remove them. */}
          {filtersOpen ? null : (
            <ActiveFilterChips
              chips={searchFilterChips(filters)}
              onRemove={(key) => show(withFilters(state, withoutSearchChip(filters, key)), { preventScrollReset: true, flushSync: true })}
              onClearAll={() => show(withFilters(state, NO_FILTERS), { preventScrollReset: true, flushSync: true })}
              fallbackFocus={filtersToggleRef}
            />
          )}
          {!results ? (
            <ProductSkeletonGrid count={SEARCH_SKELETON_COUNT} label="Loading search results" />
          ) : results.products.length === 0 ? (
            <p className="search-results__empty">{NO_RESULTS_TEXT}</p>
          ) : (
            <ul className="product-grid">
              {results.products.map((product) => (
                <ProductCard key={product.id} product={product} onOpen={onOpen} />
              ))}
            </ul>
          )}
          <SearchPagination page={state.page} pageCount={results?.pageCount ?? search.pageCount} onPage={showPage} />
        </div>
      </div>

      {isMobile ? <FiltersSheet open={filtersOpen} onOpenChange={setFiltersOpen} filters={filters} facets={search.facets} onApply={apply} /> : null}
    </section>
  );
}
