import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { clearQueryCache } from '../../../lib/query-cache.ts';
import { logout } from '../api/logout.ts';

/** /logout: calls the server, clears all session storage and cached data, then goes to /login. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout()
      .then(clearQueryCache)
      .then(() => navigate('/login', { replace: true }));
  }, [navigate]);

  return (
    <>
      <PageHeading title={t('auth.logout.busy', 'Bezig met uitloggen…')} size="h4" />
      <PageLoader />
    </>
  );
}
