import { useCallback, useSyncExternalStore } from 'react';

/** Narrower than the header's 640 px breakpoint (shell.css): the phone layout (spec §2 "On mobile"). */
export const MOBILE_MEDIA_QUERY = '(max-width: 639.98px)';

/** Whether the media query matches now; re-renders when that changes (a rotation, a resized window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
