import { Suspense } from 'react';
import {
  Navigate,
  Outlet,
  ScrollRestoration,
  createBrowserRouter,
  useLocation,
} from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { findRoute, routeTable } from '../contract/routes.ts';
import { moduleIds } from '../contract/system.ts';
import { storage } from '../services/storage.ts';
import { Spinner } from '../ui/components/spinner.tsx';
import { useModuleEnabled } from '../ui/hooks/use-permission.ts';
import { SiteLayout } from '../ui/layout/site-layout.tsx';
import { NotFoundPage } from '../ui/system/not-found-page.tsx';
import { pageByPath } from './pages.ts';

/**
 * The login-before-home flag: without a token every route but the public ones (login,
 * register, help centre, download) goes to /login.
 */
function LoginFirst({ children }: { children: React.ReactNode }) {
  const { pathname, search } = useLocation();
  const loginFirst = useModuleEnabled(moduleIds.loginBeforeHome);
  if (loginFirst && !storage.getToken() && !findRoute(pathname)?.publicWhenLoginFirst) {
    return <Navigate to="/login" replace state={{ from: pathname + search }} />;
  }
  return children;
}

function Root() {
  return (
    <LoginFirst>
      <SiteLayout>
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </SiteLayout>
      <ScrollRestoration />
    </LoginFirst>
  );
}

function screenRoutes(): RouteObject[] {
  return routeTable.map((route) => {
    if (route.redirectTo) {
      return { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
    }
    const Page = pageByPath[route.path];
    return { path: route.path, element: Page ? <Page /> : <NotFoundPage /> };
  });
}

/** History-mode router over the spec's route table; unknown paths get the not-found page. */
export function createSiteRouter() {
  return createBrowserRouter([
    {
      element: <Root />,
      children: [...screenRoutes(), { path: '*', element: <NotFoundPage /> }],
    },
  ]);
}
