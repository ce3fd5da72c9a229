import { Suspense, useEffect, useLayoutEffect } from 'react';
import {
  BrowserRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router-dom';
import type { NavigateFunction } from 'react-router-dom';
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

const positionsKey = 'react-router-scroll-positions';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(positionsKey) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** Scroll positions by history entry, read from session storage once. */
let positions: Record<string, number> | null = null;
const positionsOf = () => (positions ??= readPositions());

type EntryState = { usr?: unknown; key?: string; idx?: number } | null;

/**
 * The router's key of the history entry shown. The router calls an entry it did not make
 * ('default': the page opened by address, bookmark, new tab or a payment's return) by one name
 * for every load, so one page's position would open the next one: such an entry is given a key
 * of its own before the router reads it (issue 34, minor 1). A reload keeps it, as the browser
 * keeps the entry's state.
 */
function ownEntryKey(): void {
  const state = window.history.state as EntryState;
  if (state?.key) return;
  const key = Math.random().toString(36).slice(2, 10);
  window.history.replaceState({ usr: null, idx: 0, ...state, key }, '');
}
if (typeof window !== 'undefined') ownEntryKey();

const entryKey = () => (window.history.state as EntryState)?.key ?? 'default';

/**
 * What the data router's ScrollRestoration did, for this declarative router (issue 12: the data
 * router is 17 KiB of the first page): back and forward restore the position a page had (kept in
 * session storage across reloads), a link to `#anchor` scrolls to it, any other navigation starts
 * at the top.
 */
function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    // The history entry changes before the next page renders, so each position is its page's.
    const onScroll = () => {
      positionsOf()[entryKey()] = window.scrollY;
    };
    const save = () => {
      try {
        sessionStorage.setItem(positionsKey, JSON.stringify(positionsOf()));
      } catch {
        // A refused storage restores nothing after a reload.
      }
    };
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.history.scrollRestoration = 'auto';
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, []);

  useLayoutEffect(() => {
    const saved = navigationType === 'POP' ? positionsOf()[key] : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [key, hash, navigationType]);

  return null;
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

function screenRoutes() {
  return routeTable.map((route) => {
    if (route.redirectTo) {
      return (
        <Route
          key={route.path}
          path={route.path}
          element={<Navigate to={route.redirectTo} replace />}
        />
      );
    }
    const Page = pageByPath[route.path];
    return (
      <Route key={route.path} path={route.path} element={Page ? <Page /> : <NotFoundPage />} />
    );
  });
}

/** Hands the router's navigate to the code outside React (the flows' navigate effect). */
function NavigateBridge({ connect }: { connect: (navigate: NavigateFunction) => void }) {
  const navigate = useNavigate();
  useEffect(() => connect(navigate), [connect, navigate]);
  return null;
}

/**
 * History-mode router over the spec's route table; unknown paths get the not-found page.
 * `navigate` works from outside React; a call made before the router is on the page waits
 * for it.
 */
export function createSiteRouter() {
  let navigateTo: NavigateFunction | null = null;
  let pending: string | null = null;
  const connect = (navigate: NavigateFunction) => {
    navigateTo = navigate;
    if (pending !== null) {
      const path = pending;
      pending = null;
      void navigate(path);
    }
  };
  const routes = screenRoutes();

  function SiteRouter() {
    return (
      <BrowserRouter>
        <NavigateBridge connect={connect} />
        <Routes>
          <Route element={<Root />}>
            {routes}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </BrowserRouter>
    );
  }

  return {
    SiteRouter,
    navigate(path: string): void {
      if (navigateTo) void navigateTo(path);
      else pending = path;
    },
  };
}
