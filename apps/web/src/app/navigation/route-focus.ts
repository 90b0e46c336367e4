import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeadingLater } from '@/lib/page-focus-later';

/**
 * On each change of page (path), the new page's heading takes the focus and its title is announced
 * (lib/page-focus.ts). Not on the document's first page, which the browser announces itself, and not
 * when only the query or hash changes: a ticked filter or a typed search keeps its control focused.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const [firstPathname] = useState(pathname);
  const left = useRef(false);

  useEffect(() => {
    if (!left.current && pathname === firstPathname) return undefined;
    left.current = true;
    return focusPageHeadingLater();
  }, [pathname, firstPathname]);
}
