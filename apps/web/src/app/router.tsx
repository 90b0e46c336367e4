import { useState, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
// The DOM build of the provider: it can apply `navigate(..., { flushSync: true })` at once.
import { RouterProvider } from 'react-router/dom';
import { GuestOnly } from '@/features/auth/components/guest-only';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { BetaGate } from '@/features/beta/components/beta-gate';
import { AppShell } from './layout/app-shell';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home';
import { RouteError } from './routes/route-error';

/**
 * A route whose page is its own chunk, fetched when the route is first matched (the router keeps the
 * current page on screen meanwhile). Only the shell and the home page are in the initial bundle.
 */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

/**
 * The route table of spec section 2. /privacy-policy and /beta-access are always reachable;
 * every other path (the not-found page included) sits behind the beta gate, which renders the
 * code screen in place and keeps the URL.
 */
const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: 'beta-access', lazy: page(() => import('./routes/beta-access'), 'BetaAccessRoute') },
      {
        element: <AppShell />,
        children: [{ path: 'privacy-policy', lazy: page(() => import('./routes/privacy-policy'), 'PrivacyPolicyRoute') }],
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
              { path: 'signup', lazy: page(() => import('./routes/sign-up'), 'SignUpRoute') },
              { path: 'signin', lazy: page(() => import('./routes/sign-in'), 'SignInRoute') },
            ],
          },
          { path: 'reset-password', lazy: page(() => import('./routes/reset-password'), 'ResetPasswordRoute') },
          {
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              { path: 'my-wardrobe', lazy: page(() => import('./routes/my-wardrobe'), 'MyWardrobeRoute') },
              { path: 'profile', lazy: page(() => import('./routes/profile'), 'ProfileRoute') },
              { path: 'admin', lazy: page(() => import('./routes/admin'), 'AdminRoute') },
            ],
          },
          { path: 'search', lazy: page(() => import('./routes/search'), 'SearchRoute') },
          { path: 'product/:id', lazy: page(() => import('./routes/product'), 'ProductRoute') },
          { path: 'faq', lazy: page(() => import('./routes/faq'), 'FaqRoute') },
          { path: 'about', lazy: page(() => import('./routes/about'), 'AboutRoute') },
          { path: 'women', lazy: page(() => import('./routes/women'), 'WomenRoute') },
          { path: 'men', lazy: page(() => import('./routes/men'), 'MenRoute') },
          { path: 'accessories', lazy: page(() => import('./routes/accessories'), 'AccessoriesRoute') },
          { path: '*', lazy: page(() => import('./routes/not-found'), 'NotFoundRoute') },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
