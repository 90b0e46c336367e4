import { useLayoutEffect, useRef } from 'react';

/**
 * A button disabled while its work runs loses the keyboard focus (the browser moves it to the body), so a
 * keyboard user would start again from the top of the page, or of a dialog. This gives the focus back to
 * what had it when the work began, once the work is done, unless the user has put the focus elsewhere.
 */
export function useKeepFocusWhileBusy(busy: boolean): void {
  const held = useRef<HTMLElement | null>(null);
  // A layout effect: it runs before the browser's next focus check, while the disabled button still has the focus.
  useLayoutEffect(() => {
    if (busy) {
      held.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      return;
    }
    const element = held.current;
    held.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body || document.activeElement === element;
    if (element?.isConnected && lost) element.focus();
  }, [busy]);
}
