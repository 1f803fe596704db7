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
import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { TOAST } from '@zorgportaal/contract';
import { PageLoader } from '../components/page-loader.tsx';
import { useToastContainerWanted } from '../lib/toast-container.ts';
import { useToastPlacement } from '../lib/toast-placement.ts';
import { theme } from './theme.ts';
import toastClasses from './toasts.module.css';

// The toast container loads with the first toast (lib/toast-container.ts), not with the first page.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((m) => ({ default: m.Notifications })),
);

/**
 * Mantine (theme, toasts) and a Suspense boundary while translations load. TanStack Query is
 * provided by QueryLayout, below the public pages.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const toasts = useToastContainerWanted();
  const placement = useToastPlacement();
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* Spec §9 on a desktop: top right, below the 56 px header so the language switch and user menu
          stay usable; on a tablet the strip at the bottom (lib/toast-placement.ts). The container
          runs at the hide duration, lib/toast shortens the show. */}
      {toasts && (
        <Suspense fallback={null}>
          <Notifications
            position={placement.position}
            className={toastClasses.container}
            autoClose={TOAST.displayMs}
            transitionDuration={TOAST.hideAnimationMs}
            limit={placement.limit}
          />
        </Suspense>
      )}
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </MantineProvider>
  );
}
