/**
 * focusPageHeading (lib/page-focus.ts) fetched when first needed: the first page load never moves the
 * focus, so the code stays out of the home page's initial JavaScript. Returns the stop, which also
 * cancels a focus not started yet.
 */
export function focusPageHeadingLater(): () => void {
  let stop: (() => void) | undefined;
  let cancelled = false;
  void import('./page-focus').then(({ focusPageHeading }) => {
    if (!cancelled) stop = focusPageHeading();
  });
  return () => {
    cancelled = true;
    stop?.();
  };
}
