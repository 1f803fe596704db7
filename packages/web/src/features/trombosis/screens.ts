import type { ScreenPages } from '../../lib/screen-pages.ts';

/** This feature's page of each protected route it serves (found by app/routes/screens.ts). */
export const SCREENS: ScreenPages = {
  '/zp/trombosisservice/dashboard': () => import('./routes/dashboard.tsx'),
  '/inrvalues': () => import('./routes/inr-values.tsx'),
  '/dosagescheme': () => import('./routes/dosage-scheme.tsx'),
};
