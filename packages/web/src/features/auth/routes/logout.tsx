import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { clearQueryCache } from '../../../lib/query-cache.ts';
import { clearCachedLists } from '../../../lib/offline/list-cache.ts';
import { logout } from '../api/logout.ts';

/**
 * /logout: calls the server, clears all session storage and cached data, then goes to /login.
 * A logout for inactivity brings where the user was (`from`), so the next login returns there.
 */
export default function LogoutPage() {
  const navigate = useNavigate();
  const { state } = useLocation() as { state: { from?: unknown } | null };
  const from = useRef(state?.from);
  const { t } = useTranslation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout()
      .then(clearQueryCache)
      // The lists kept for offline use are patient data; the offline queue stays (docs/offline.md).
      .then(() => clearCachedLists().catch(() => undefined))
      .then(() => navigate('/login', { replace: true, state: from.current ? { from: from.current } : null }));
  }, [navigate]);

  return (
    <>
      <PageHeading title={t('auth.logout.busy', 'Bezig met uitloggen…')} size="h4" />
      <PageLoader />
    </>
  );
}
