import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import { GuestOnly } from '@/features/auth/components/guest-only';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { BetaGate } from '@/features/beta/components/beta-gate';
import { AppShell } from './layout/app-shell';
import { RootLayout } from './layout/root-layout';
import { AppBrowserRouter } from './navigation/browser-router';
import { HomeRoute } from './routes/home';
import { RouteErrorBoundary } from './routes/route-error';

/**
 * A route whose page is its own chunk, fetched when the route is first rendered (navigations are
 * transitions, so the current page stays on screen meanwhile). Only the shell and the home page are
 * in the initial bundle.
 */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const Page = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  return <Page />;
}

/**
 * The route table of spec section 2. /privacy-policy, /beta-access and /unsubscribe are always reachable;
 * every other path (the not-found page included) sits behind the beta gate, which renders the
 * code screen in place and keeps the URL.
 */
const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { path: 'beta-access', element: page(() => import('./routes/beta-access'), 'BetaAccessRoute') },
      {
        element: <AppShell />,
        children: [
          { path: 'privacy-policy', element: page(() => import('./routes/privacy-policy'), 'PrivacyPolicyRoute') },
          // The price alert e-mail's unsubscribe link works for anyone who has it (issue 25).
          { path: 'unsubscribe', element: page(() => import('./routes/unsubscribe'), 'UnsubscribeRoute') },
        ],
      },
      {
        element: (
          <BetaGate>
            <AppShell />
          </BetaGate>
        ),
        children: [
          { index: true, element: <HomeRoute /> },
          {
            element: (
              <GuestOnly>
                <Outlet />
              </GuestOnly>
            ),
            children: [
              { path: 'signup', element: page(() => import('./routes/sign-up'), 'SignUpRoute') },
              { path: 'signin', element: page(() => import('./routes/sign-in'), 'SignInRoute') },
            ],
          },
          { path: 'reset-password', element: page(() => import('./routes/reset-password'), 'ResetPasswordRoute') },
          { path: 'confirm-email', element: page(() => import('./routes/confirm-email'), 'ConfirmEmailRoute') },
          {
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              { path: 'my-wardrobe', element: page(() => import('./routes/my-wardrobe'), 'MyWardrobeRoute') },
              { path: 'profile', element: page(() => import('./routes/profile'), 'ProfileRoute') },
              { path: 'admin', element: page(() => import('./routes/admin'), 'AdminRoute') },
            ],
          },
          { path: 'search', element: page(() => import('./routes/search'), 'SearchRoute') },
          { path: 'product/:id', element: page(() => import('./routes/product'), 'ProductRoute') },
          { path: 'faq', element: page(() => import('./routes/faq'), 'FaqRoute') },
          { path: 'extension', element: page(() => import('./routes/extension'), 'ExtensionRoute') },
          { path: 'about', element: page(() => import('./routes/about'), 'AboutRoute') },
          { path: 'women', element: page(() => import('./routes/women'), 'WomenRoute') },
          { path: 'men', element: page(() => import('./routes/men'), 'MenRoute') },
          { path: 'accessories', element: page(() => import('./routes/accessories'), 'AccessoriesRoute') },
          { path: '*', element: page(() => import('./routes/not-found'), 'NotFoundRoute') },
        ],
      },
    ],
  },
];

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * react-router in declarative mode (about 17 KB gzipped less than the data router in the first load):
 * the navigator, transitions and scroll restoration are in ./navigation.
 */
export function AppRouter() {
  return (
    <AppBrowserRouter>
      {/* Shown only on a first load whose route's chunk is still on its way, as the data router drew nothing then. */}
      <Suspense fallback={null}>
        <AppRoutes />
      </Suspense>
    </AppBrowserRouter>
  );
}
