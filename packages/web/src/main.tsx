import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';

void initI18n();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      {/* No transitions: the new page is committed right after the URL changes, never held back. */}
      <RouterProvider router={router} useTransitions={false} />
    </AppProvider>
  </StrictMode>,
);
