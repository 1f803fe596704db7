import { StrictMode, useCallback, useEffect, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { PublicApp, PublicErrorBoundary, PUBLIC_ENTRY_PATH } from './app/public-app.tsx';
import { visitStart } from './app/public-start.ts';
import { PageLoader } from './components/page-loader.tsx';
import type { PageNavigateOptions } from './lib/page-navigation.tsx';
import { loadChunk } from './lib/lazy-chunk.ts';
import { initI18n } from './lib/i18n.ts';
import { isLoggedIn } from './lib/session.ts';

void initI18n();

const loadFullApp = () => loadChunk(() => import('./app/full-app.tsx'));

/** Decided once, before the first render: a logged-out deep link is on /login from the start (public-start.ts). */
const start = visitStart(window.location, isLoggedIn());
if (start.app === 'public' && start.redirect) {
  // In React Router's history format, so the full app's router (created later on /login) reads the same state.
  window.history.replaceState({ usr: start.redirect.state, key: 'default', idx: 0 }, '', PUBLIC_ENTRY_PATH);
}

/**
 * A session that starts on /login (also a logged-out deep link, sent there above) gets the light
 * public app (`app/public-app.tsx`), without React Router; it hands over to the full app (React
 * Router, every page) when the URL leaves /login. Any other start is the full app at once.
 */
function Root() {
  const [fullApp, setFullApp] = useState<ComponentType | null>(null);
  const [publicStart] = useState(() => start.app === 'public');
  /** The full app's chunk did not load: the error view with its reload button. */
  const [failure, setFailure] = useState<unknown>();
  if (failure !== undefined) throw failure;

  useEffect(() => {
    if (!publicStart) {
      loadFullApp().then((m) => setFullApp(() => m.FullApp), setFailure);
      return;
    }
    // The first keystroke on /login fetches the full app, so it is there when the login succeeds.
    const preload = () => void loadFullApp().catch(() => undefined);
    document.addEventListener('input', preload, { once: true });
    return () => document.removeEventListener('input', preload);
  }, [publicStart]);

  const leave = useCallback(async (to?: string, options?: PageNavigateOptions) => {
    let module: Awaited<ReturnType<typeof loadFullApp>>;
    try {
      module = await loadFullApp();
    } catch (error) {
      setFailure(error);
      return;
    }
    const { FullApp, appRouter } = module;
    const router = appRouter();
    if (to === undefined) {
      setFullApp(() => FullApp);
      return;
    }
    // Show the full app in the same task as the router's URL change, so the URL and the new page
    // (and its title) change together, as on every other route change.
    const stop = router.subscribe((state) => {
      if (state.location.pathname === PUBLIC_ENTRY_PATH) return;
      stop();
      flushSync(() => setFullApp(() => FullApp));
    });
    await router.navigate(to, { replace: options?.replace, state: options?.state });
  }, []);

  if (fullApp) {
    const FullApp = fullApp;
    return <FullApp />;
  }
  return publicStart ? <PublicApp onLeave={leave} /> : <PageLoader />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <PublicErrorBoundary>
        <Root />
      </PublicErrorBoundary>
    </AppProvider>
  </StrictMode>,
);
