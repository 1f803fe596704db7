import type { ScreenPages } from '../../lib/screen-pages.ts';

/** This feature's page of each protected route it serves (found by app/routes/screens.ts). */
export const SCREENS: ScreenPages = {
  '/zp/medication/administrationsoverview': () => import('./routes/results.tsx'),
};
