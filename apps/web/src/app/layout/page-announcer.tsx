import { useSyncExternalStore } from 'react';
import { pageAnnouncement } from '@/lib/page-focus';

/**
 * The live region that says which page a navigation led to (its document title, lib/page-focus.ts).
 * It stays mounted across pages, so each new text is announced.
 */
export function PageAnnouncer() {
  const text = useSyncExternalStore(pageAnnouncement.subscribe, pageAnnouncement.get, () => '');
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-page-announcer="">
      {text}
    </p>
  );
}
