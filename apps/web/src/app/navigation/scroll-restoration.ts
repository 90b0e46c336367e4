import { createContext, useContext, useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Where the positions survive a reload of the tab (sessionStorage). */
const STORAGE_KEY = 'closetly:scroll-positions';

/**
 * Whether the navigation that led to the location on screen asked to keep the scroll position
 * (`navigate(to, { preventScrollReset: true })`): provided by the router (browser-router.tsx).
 */
export const PreventScrollResetContext = createContext(false);

/** Scroll position per history entry (`location.key`), as the data router's `<ScrollRestoration />` kept them. */
let positions: Record<string, number> | null = null;
/** The history entry whose page is on screen: set when a location commits. */
let shownKey: string | null = null;
/**
 * The document's first page is already at the top: scrolling there anyway would force a layout
 * in the middle of the first render's commit, the longest task of a cold load.
 */
let firstPageOfDocument = true;

function savedPositions(): Record<string, number> {
  if (positions) return positions;
  positions = {};
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    if (stored && typeof stored === 'object') positions = stored as Record<string, number>;
  } catch {
    // Unreadable or unavailable: start afresh.
  }
  return positions;
}

/**
 * Remembers how far the page on screen is scrolled, under its history entry. The router calls it
 * before every navigation (push, replace, Back and Forward), while the page being left is still drawn.
 */
export function rememberScrollPosition(): void {
  if (shownKey !== null) savedPositions()[shownKey] = window.scrollY;
}

/**
 * What the data router's `<ScrollRestoration />` did, for the declarative router: after each
 * navigation commits, an entry seen before (Back, Forward, a reload) gets its position back, a
 * `#hash` scrolls to its element, and any other page starts at the top, unless the navigation asked
 * to keep the position (`preventScrollReset`: a filter ticked beside the results).
 */
export function useScrollRestoration(): void {
  const { key, hash } = useLocation();
  const preventScrollReset = useContext(PreventScrollResetContext);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onPageHide = () => {
      rememberScrollPosition();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(savedPositions()));
      } catch {
        // Storage full or refused: positions are then kept for this page's life only.
      }
      // A reload or a return from the back/forward cache gets the browser's own restoration meanwhile.
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    shownKey = key;
    const atDocumentStart = firstPageOfDocument;
    firstPageOfDocument = false;
    const saved = savedPositions()[key];
    if (typeof saved === 'number') {
      window.scrollTo(0, saved);
      return;
    }
    if (hash) {
      let target: HTMLElement | null = null;
      try {
        target = document.getElementById(decodeURIComponent(hash.slice(1)));
      } catch {
        // Not a decodable element id: nothing to scroll to.
      }
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (!preventScrollReset && !atDocumentStart) window.scrollTo(0, 0);
  }, [key, hash, preventScrollReset]);
}
