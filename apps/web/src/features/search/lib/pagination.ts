/** One control in the page buttons: a page number, or a gap (…) standing for the pages left out. */
export type PageItem = { type: 'page'; page: number } | { type: 'gap'; key: 'gap-start' | 'gap-end' };

/** Pages always shown next to the current one on each side, and at each end. */
const SIBLINGS = 1;
const BOUNDARY = 1;
/** Up to this many pages, every one has its button; past it the row keeps this many controls. */
const MAX_CONTROLS = 2 * BOUNDARY + 2 * SIBLINGS + 3;

const range = (from: number, to: number): PageItem[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => ({ type: 'page', page: from + i }));

/**
 * The numbered page buttons (spec §2: shown when there is more than one page). With many pages the
 * row keeps the first and last page and the current one with its neighbours, and a gap for the rest,
 * always the same number of controls so the buttons do not jump: 1 2 3 4 5 … 20, 1 … 9 10 11 … 20,
 * 1 … 16 17 18 19 20. A current page past the end (a stale link) counts as the last.
 */
export function pageItems(current: number, pageCount: number): PageItem[] {
  if (pageCount <= 1) return [];
  if (pageCount <= MAX_CONTROLS) return range(1, pageCount);
  const page = Math.min(Math.max(current, 1), pageCount);
  const siblingsStart = Math.max(Math.min(page - SIBLINGS, pageCount - BOUNDARY - 2 * SIBLINGS - 1), BOUNDARY + 2);
  const siblingsEnd = Math.min(Math.max(page + SIBLINGS, BOUNDARY + 2 * SIBLINGS + 2), pageCount - BOUNDARY - 1);
  return [
    ...range(1, BOUNDARY),
    ...(siblingsStart > BOUNDARY + 2 ? [{ type: 'gap', key: 'gap-start' } as const] : range(BOUNDARY + 1, BOUNDARY + 1)),
    ...range(siblingsStart, siblingsEnd),
    ...(siblingsEnd < pageCount - BOUNDARY - 1 ? [{ type: 'gap', key: 'gap-end' } as const] : range(pageCount - BOUNDARY, pageCount - BOUNDARY)),
    ...range(pageCount - BOUNDARY + 1, pageCount),
  ];
}
