import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Alert.css';
import { Suspense } from 'react';
import { Anchor, AppShell, Burger, Group, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { NetworkProgress, NetworkStatus } from '../../components/network-status.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { SkipLink } from '../../components/skip-link.tsx';
import { useEntitySettings } from '../../features/auth/api/get-entity-settings.ts';
import { InactivityWarning } from '../../features/auth/components/inactivity-warning.tsx';
import { useMessageStream } from '../../lib/live-messages.ts';
import { useConnectionTrouble } from '../../lib/network-state.ts';
import { useQueueSync } from '../../lib/offline/use-queue-sync.ts';
import { TOAST_STRIP_HEIGHT } from '../../lib/toast-placement.ts';
import { ClientSearch } from './client-search.tsx';
import { MainNav } from './main-nav.tsx';
import { UnreadLink } from './unread-link.tsx';
import { UpdateNotice } from './update-notice.tsx';
import { UserMenu } from './user-menu.tsx';

/**
 * Layout of the logged-in portal: header (product, organisation, language, user menu) and navigation.
 * Below the lg breakpoint (1200 px, so every tablet) the menu folds away behind a burger and the
 * screens get the full width.
 */
export default function FullLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Also the first authorised call after a reload, so an expired token is renewed right away.
  const settings = useEntitySettings();
  useMessageStream();
  // The offline queue drains on any screen (docs/offline.md).
  useQueueSync();
  // A connection message takes the organisation name's place on a tablet's narrow header.
  const networkMessage = useConnectionTrouble();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'lg', collapsed: { mobile: !opened } }}
      // On a tablet the bottom strip is kept free for toasts, so none ever lies over the page.
      footer={{ height: { base: TOAST_STRIP_HEIGHT, lg: 0 } }}
      padding="md"
    >
      <AppShell.Header>
        <SkipLink />
        <NetworkProgress />
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="lg"
              size="sm"
              miw={44}
              mih={44}
              aria-label={t('nav.toggle', 'Menu openen of sluiten')}
            />
            <Anchor
              component={Link}
              to="/"
              fw={700}
              size="lg"
              c="blue.9"
              underline="never"
              data-testid="product-name"
            >
              {t('app.name', 'Zorgportaal')}
            </Anchor>
            {settings.data?.Name ? (
              <Text
                size="sm"
                c="dark.6"
                visibleFrom={networkMessage ? 'lg' : 'sm'}
                data-testid="organisation-name"
              >
                {settings.data.Name}
              </Text>
            ) : null}
            <NetworkStatus />
            <UpdateNotice />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ClientSearch />
            <UnreadLink />
            <LanguageSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <ScrollArea type="auto">
          <MainNav onNavigate={close} />
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <InactivityWarning />
      <AppShell.Footer hiddenFrom="lg" bg="gray.0" data-testid="toast-strip" data-no-print aria-hidden />
    </AppShell>
  );
}
