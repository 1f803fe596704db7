// Mantine styles per component (the full styles.css is 36 kB gzip); the full layout imports its own.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST } from '@zorgportaal/contract';
import { PageLoader } from '../components/page-loader.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { theme } from './theme.ts';
import toastClasses from './toasts.module.css';

/** Mantine (theme, toasts), TanStack Query and a Suspense boundary while translations load. */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Spec §9: top right, below the 56 px header so the language switch and user menu stay
          usable; the container runs at the hide duration, lib/toast shortens the show. */}
      <Notifications
        position={TOAST.position}
        className={toastClasses.container}
        autoClose={TOAST.displayMs}
        transitionDuration={TOAST.hideAnimationMs}
        limit={5}
      />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
