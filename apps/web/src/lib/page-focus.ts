/**
 * After a page change (a new route, or the beta gate letting the visitor through), a screen reader
 * user hears where they are and the keyboard starts from the top of the new page: focus moves to the
 * page's main heading and its title is announced (WCAG 2.4.3, 4.1.3).
 */

/** How long after a page change its heading may still arrive (a lazy chunk, a loading state). */
const WATCH_MS = 10_000;

/** Says `text` in the page announcer's live region (app/layout/page-announcer.tsx), which stays mounted across pages. */
function announce(text: string): void {
  const region = document.querySelector('[data-page-announcer]');
  if (region) region.textContent = text;
}

/** The page's one h1: inside main (the app shell's, or the beta screen, which is its own main). */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1');
}

/**
 * Moves the focus to the new page's h1 (made focusable with tabIndex -1) once it is drawn, and
 * announces the document title, again if the page replaces its heading or title while it loads
 * (the product page's "Product" becomes the product's name). It leaves the focus alone once the user
 * has moved it (typed into a field, tabbed on), and stops watching after 10 s. Returns the stop.
 * `announceTitle: false` for a change within the page (its next page of results), which says itself what changed.
 */
export function focusPageHeading({ announceTitle = true }: { announceTitle?: boolean } = {}): () => void {
  /** Where the focus was when the page changed: the link or button that changed it, or nothing. */
  const from = document.activeElement;
  let focused: HTMLElement | null = null;
  let announced: string | null = null;

  const userMovedOn = () => {
    const active = document.activeElement;
    return !(active === null || active === document.body || active === from || active === focused || !active.isConnected);
  };

  const check = () => {
    if (userMovedOn()) {
      stop();
      return;
    }
    const heading = pageHeading();
    if (heading && heading !== document.activeElement) {
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      // The scroll position is the router's to set (top, or the one remembered for Back).
      heading.focus({ preventScroll: true });
      focused = heading;
    }
    if (announceTitle && focused && document.title !== announced) {
      announced = document.title;
      announce(announced);
    }
  };

  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true });
  observer.observe(document.head, { childList: true, subtree: true, characterData: true });
  // A dialog closing with the page hands the focus back (to the body) after the DOM changed.
  const frame = requestAnimationFrame(check);
  const timer = window.setTimeout(() => stop(), WATCH_MS);
  function stop() {
    observer.disconnect();
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  }
  check();
  return stop;
}
