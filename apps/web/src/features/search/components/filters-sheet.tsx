import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { filterOptions, type SearchFacets } from '../lib/filter-options';
import { NO_FILTERS, hasFilters, toggleFilter, type SearchFilters } from '../lib/search-url';
import { SearchFilterGroups, type ToggleFilter } from './search-filters';

export interface FiltersSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The filters the results show now: the sheet starts from them each time it opens. */
  filters: SearchFilters;
  facets: SearchFacets | undefined;
  /** Apply Filters: the ticked filters become the page's. */
  onApply: (filters: SearchFilters) => void;
}

/**
 * Spec §2, on mobile: the filter panel as a bottom sheet (Radix Dialog: focus kept inside, Escape and
 * the close control dismiss it) titled Filters. Ticks are kept in the sheet until Apply Filters;
 * closing it any other way leaves the results as they were.
 */
export function FiltersSheet({ open, onOpenChange, filters, facets, onApply }: FiltersSheetProps) {
  // Opened by a button of the page, not a Radix trigger: as ModalDialog, the focus goes back to it on closing.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="filters-sheet"
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (!target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
        >
          {/* Mounted on each opening, so the ticks start from the page's filters. */}
          <FiltersSheetBody filters={filters} facets={facets} onApply={onApply} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function FiltersSheetBody({ filters, facets, onApply }: Pick<FiltersSheetProps, 'filters' | 'facets' | 'onApply'>) {
  const [draft, setDraft] = useState(filters);
  const onToggle: ToggleFilter = (group, value) => setDraft((current) => toggleFilter(current, group, value));
  return (
    <>
      <div className="filters-sheet__header">
        <Dialog.Title className="filters-sheet__title">Filters</Dialog.Title>
        <Dialog.Close className="icon-button" aria-label="Close">
          <CloseIcon />
        </Dialog.Close>
      </div>
      <div className="filters-sheet__body">
        <SearchFilterGroups options={filterOptions(facets, draft)} onToggle={onToggle} />
      </div>
      <div className="filters-sheet__footer">
        <button type="button" className="link-button" disabled={!hasFilters(draft)} onClick={() => setDraft(NO_FILTERS)}>
          Clear filters
        </button>
        <button type="button" className="button button--primary" onClick={() => onApply(draft)}>
          Apply Filters
        </button>
      </div>
    </>
  );
}
