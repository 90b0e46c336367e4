import { useState } from 'react';
import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
// The DOM build of the provider: it can apply `navigate(..., { flushSync: true })` at once.
import { RouterProvider } from 'react-router/dom';
import { GuestOnly } from '@/features/auth/components/guest-only';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { BetaGate } from '@/features/beta/components/beta-gate';
import { AppShell } from './layout/app-shell';
import { RootLayout } from './layout/root-layout';
import { AboutRoute } from './routes/about';
import { AccessoriesRoute } from './routes/accessories';
import { AdminRoute } from './routes/admin';
import { BetaAccessRoute } from './routes/beta-access';
import { FaqRoute } from './routes/faq';
import { HomeRoute } from './routes/home';
import { MenRoute } from './routes/men';
import { MyWardrobeRoute } from './routes/my-wardrobe';
import { NotFoundRoute } from './routes/not-found';
import { PrivacyPolicyRoute } from './routes/privacy-policy';
import { ProductRoute } from './routes/product';
import { ProfileRoute } from './routes/profile';
import { ResetPasswordRoute } from './routes/reset-password';
import { RouteError } from './routes/route-error';
import { SearchRoute } from './routes/search';
import { SignInRoute } from './routes/sign-in';
import { SignUpRoute } from './routes/sign-up';
import { WomenRoute } from './routes/women';

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
      { path: 'beta-access', element: <BetaAccessRoute /> },
      {
        element: <AppShell />,
        children: [{ path: 'privacy-policy', element: <PrivacyPolicyRoute /> }],
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
              { path: 'signup', element: <SignUpRoute /> },
              { path: 'signin', element: <SignInRoute /> },
            ],
          },
          { path: 'reset-password', element: <ResetPasswordRoute /> },
          {
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              { path: 'my-wardrobe', element: <MyWardrobeRoute /> },
              { path: 'profile', element: <ProfileRoute /> },
              { path: 'admin', element: <AdminRoute /> },
            ],
          },
          { path: 'search', element: <SearchRoute /> },
          { path: 'product/:id', element: <ProductRoute /> },
          { path: 'faq', element: <FaqRoute /> },
          { path: 'about', element: <AboutRoute /> },
          { path: 'women', element: <WomenRoute /> },
          { path: 'men', element: <MenRoute /> },
          { path: 'accessories', element: <AccessoriesRoute /> },
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
