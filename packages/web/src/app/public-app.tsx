import { Component, lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { PageLoader } from '../components/page-loader.tsx';
import LoginPage from '../features/auth/routes/login.tsx';
import { setSessionEndedHandler } from '../lib/api-client.ts';
import {
  PageNavigationContext,
  type PageNavigateOptions,
  type PageNavigation,
} from '../lib/page-navigation.tsx';
import { PlainFrame } from './layouts/plain-frame.tsx';

/**
 * The light public app: /login opened as the first page, without React Router (about 26 KB of
 * the ~27 KB it would add to the first page is its data router). The login page navigates
 * through `lib/page-navigation.tsx`; any navigation away from /login (a successful login, the
 * "forgot password" link, the browser's back button) hands over to the full app
 * (`full-app.tsx`): its router is created on /login and navigates to the target, and the full
 * app replaces this one in the same task as the router's URL change (see `main.tsx`).
 * The full app has its own /login route (`routes/login-route.tsx`), for every later visit.
 */
export const PUBLIC_ENTRY_PATH = '/login';

const RouteErrorView = lazy(() =>
  import('./routes/route-error.tsx').then((m) => ({ default: m.RouteErrorView })),
);

/** The same message and reload button as the router's errorElement, for an error outside the router. */
export class PublicErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteErrorView error={this.state.error} />
      </Suspense>
    );
  }
}

type HistoryState = { usr?: unknown } | null;
const locationState = () => (window.history.state as HistoryState)?.usr ?? null;

interface PublicAppProps {
  /**
   * Hands over to the full app: with a target, its router navigates there from /login (the URL
   * changes when the new page is ready, as with any route change); without one, it starts from
   * the URL as it is (the browser's back or forward button already changed it).
   */
  onLeave: (to?: string, options?: PageNavigateOptions) => Promise<void>;
}

export function PublicApp({ onLeave }: PublicAppProps) {
  const [state, setState] = useState<unknown>(locationState);
  const navigation = useMemo<PageNavigation>(
    () => ({
      state,
      navigate: (to, options = {}) => {
        if (new URL(to, window.location.href).pathname !== PUBLIC_ENTRY_PATH) return onLeave(to, options);
        // Staying on /login (a failed token renewal during the login): only the state changes.
        window.history.replaceState({ ...window.history.state, usr: options.state ?? null }, '', to);
        setState(options.state ?? null);
      },
    }),
    [state, onLeave],
  );

  useEffect(() => {
    // As in the full app: a failed token renewal ends the session on /login.
    setSessionEndedHandler(() => void navigation.navigate(PUBLIC_ENTRY_PATH, { replace: true, state: {} }));
    const onPopState = () => {
      if (window.location.pathname !== PUBLIC_ENTRY_PATH) void onLeave();
      else setState(locationState());
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [navigation, onLeave]);

  return (
    <PageNavigationContext value={navigation}>
      <PlainFrame>
        <Suspense fallback={<PageLoader />}>
          <LoginPage />
        </Suspense>
      </PlainFrame>
    </PageNavigationContext>
  );
}
