/**
 * The live region that says which page a navigation led to (its document title, written by
 * lib/page-focus.ts, which is fetched on the first navigation and so stays out of the first load).
 * It stays mounted across pages, so each new text is announced; React renders it empty and never touches its text.
 */
export function PageAnnouncer() {
  return <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-page-announcer="" />;
}
