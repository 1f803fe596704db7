import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { PageLoader } from '../../../components/page-loader.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { logout } from '../api/logout.ts';

/** /logout: calls the server, clears all session storage and cached data, then goes to /login. */
export default function LogoutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => {
      queryClient.clear();
      void navigate('/login', { replace: true });
    });
  }, [navigate, queryClient]);

  return (
    <>
      <PageHeading title={t('auth.logout.busy', 'Bezig met uitloggen…')} size="h4" />
      <PageLoader />
    </>
  );
}
