import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import LoginPage from '../../features/auth/routes/login.tsx';
import { PageNavigationContext, type PageNavigation } from '../../lib/page-navigation.tsx';

/** /login inside the router: the page navigates with React Router. */
export function LoginRoute() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const navigation = useMemo<PageNavigation>(
    () => ({ state, navigate: (to, options) => navigate(to, options) }),
    [navigate, state],
  );
  return (
    <PageNavigationContext value={navigation}>
      <LoginPage />
    </PageNavigationContext>
  );
}
