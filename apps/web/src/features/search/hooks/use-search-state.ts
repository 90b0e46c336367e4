import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readSearchState, toSearchParams, type SearchState } from '../lib/search-url';

export interface ShowSearchOptions {
  /** Keep the scroll position (ticking a filter beside the results); otherwise the new page starts at the top. */
  preventScrollReset?: boolean;
  /**
   * Render the new state at once (synchronously): for a checkbox whose checked state comes from the
   * URL, so it does not spring back for a moment after the click.
   */
  flushSync?: boolean;
}

/** The results page's state from the URL, and a way to show another one as a new history entry (so Back returns to it). */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readSearchState(params), [params]);
  const show = useCallback((next: SearchState, options: ShowSearchOptions = {}) => setParams(toSearchParams(next), options), [setParams]);
  return { state, show };
}
