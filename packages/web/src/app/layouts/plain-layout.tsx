import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { PlainFrame } from './plain-frame.tsx';

/** Layout of the public pages (spec §1: unauthenticated users see a plain layout). */
export function PlainLayout() {
  return (
    <PlainFrame>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </PlainFrame>
  );
}
