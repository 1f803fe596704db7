import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router';
import { appQueryClient } from '../../lib/app-query-client.ts';

/**
 * TanStack Query for the signed-in screens only, so /login does not load it. A client given from
 * outside (the tests' providers) is kept.
 */
export function QueryLayout() {
  const outer = useContext(QueryClientContext);
  if (outer) return <Outlet />;
  return (
    <QueryClientProvider client={appQueryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}

export default QueryLayout;
