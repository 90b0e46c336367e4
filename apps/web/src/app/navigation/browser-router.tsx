import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Router, UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigateOptions, type Navigator, NavigationType } from 'react-router';
import { PreventScrollResetContext, rememberScrollPosition } from './scroll-restoration';

interface Shown {
  action: NavigationType;
  location: Location;
  preventScrollReset: boolean;
}

export interface AppBrowserRouterProps {
  children: ReactNode;
}

/**
 * react-router's `<BrowserRouter>` (declarative mode, without the data router's weight), with the two
 * navigation options the app relies on honoured by its navigator, as the data router did:
 *
 * - Every navigation renders in a transition, so the page on screen stays (and stays usable) while a
 *   lazy route's chunk loads; `navigate(to, { flushSync: true })` renders the new location at once
 *   instead (sign-out leaves a protected page before the session ends; a filter checkbox whose state
 *   comes from the URL does not spring back for a frame).
 * - `navigate(to, { preventScrollReset: true })` keeps the scroll position (useScrollRestoration).
 *
 * Before each navigation, the page being left has its scroll position remembered, for Back and Forward.
 */
export function AppBrowserRouter({ children }: AppBrowserRouterProps) {
  const [history] = useState(() => createBrowserHistory());
  const [shown, setShown] = useState<Shown>(() => ({ action: history.action, location: history.location, preventScrollReset: false }));

  const [navigator] = useState<Navigator>(() => {
    const show = (action: NavigationType, options: NavigateOptions | undefined) => {
      const next: Shown = { action, location: history.location, preventScrollReset: options?.preventScrollReset === true };
      if (options?.flushSync) flushSync(() => setShown(next));
      else startTransition(() => setShown(next));
    };
    return {
      createHref: (to) => history.createHref(to),
      createURL: (to) => history.createURL(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push(to, state: unknown, options) {
        rememberScrollPosition();
        history.push(to, state);
        show(NavigationType.Push, options);
      },
      replace(to, state: unknown, options) {
        rememberScrollPosition();
        history.replace(to, state);
        show(NavigationType.Replace, options);
      },
    };
  });

  // Back and Forward (popstate): the only changes the history reports itself.
  useEffect(
    () =>
      history.listen(({ action, location }) => {
        rememberScrollPosition();
        startTransition(() => setShown({ action, location, preventScrollReset: false }));
      }),
    [history],
  );

  return (
    <PreventScrollResetContext value={shown.preventScrollReset}>
      <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
        {children}
      </Router>
    </PreventScrollResetContext>
  );
}
