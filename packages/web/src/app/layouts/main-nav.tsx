import { useState } from 'react';
import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { NAV_AREAS, PROTECTED_ROUTES, type NavArea, type ProtectedRoute } from '@zorgportaal/contract';
import { useUnreadMessages } from '../../lib/live-messages.ts';
import { mayOpen } from '../../lib/session.ts';
import { UnreadBadge } from './unread-link.tsx';

/**
 * Menu labels where the spec's page titles repeat ("Dashboard" five times, "Communicatie" twice).
 * The page heading and document title keep the spec's title; only the menu says which one it is.
 */
const NAV_LABELS: Partial<Record<string, (t: TFunction) => string>> = {
  'routes.vpDashboard': (t) => t('nav.items.vpDashboard', 'VP-dashboard'),
  'routes.vpCommunication': (t) => t('nav.items.vpCommunication', 'VP-communicatie'),
  'routes.medicationDashboard': (t) => t('nav.items.medicationDashboard', 'Medicatiedashboard'),
  'routes.administrationDashboard': (t) => t('nav.items.administrationDashboard', 'Toediendashboard'),
  'routes.trombosisDashboard': (t) => t('nav.items.trombosisDashboard', 'Trombosedashboard'),
};

export const navLabel = (t: TFunction, route: ProtectedRoute): string =>
  NAV_LABELS[route.titleKey]?.(t) ?? t(route.titleKey);

/** Up to this many items every area stays open; a longer menu (a Beheerder's) opens the current area only. */
const ALL_OPEN_MAX_ITEMS = 14;

/** Menu items that show the unread-messages counter. */
const MESSAGE_ROUTES = new Set(['/communication', '/vp/communication']);

const testId = (path: string) => `nav-link-${path.slice(1).replaceAll('/', '-')}`;

/** Navigation grouped by area (collapsible), showing only the routes the user has permission for. */
export function MainNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const unread = useUnreadMessages().data?.Unread ?? 0;
  const visible = PROTECTED_ROUTES.filter((route) => route.nav && mayOpen(route));
  const areas = NAV_AREAS.filter((area) => visible.some((route) => route.area === area));
  const currentArea = visible.find((route) => route.path === pathname)?.area;
  const [opened, setOpened] = useState<ReadonlySet<NavArea>>(
    () =>
      new Set(visible.length <= ALL_OPEN_MAX_ITEMS ? areas : ['home', ...(currentArea ? [currentArea] : [])]),
  );
  const toggle = (area: NavArea, open: boolean) =>
    setOpened((current) => {
      const next = new Set(current);
      if (open) next.add(area);
      else next.delete(area);
      return next;
    });

  return (
    <Stack component="nav" aria-label={t('nav.label', 'Hoofdmenu')} gap={2} data-testid="main-nav">
      {areas.map((area) => (
        <NavLink
          key={area}
          component="button"
          label={t(`nav.areas.${area}`)}
          opened={opened.has(area) || area === currentArea}
          onChange={(open) => toggle(area, open)}
          childrenOffset="sm"
          fw={700}
          c="dark.7"
          py={{ base: 12, lg: 6 }}
          data-testid={`nav-area-${area}`}
        >
          {visible
            .filter((route) => route.area === area)
            .map((route) => (
              <NavLink
                key={route.path}
                component={Link}
                to={route.path}
                label={navLabel(t, route)}
                rightSection={MESSAGE_ROUTES.has(route.path) ? <UnreadBadge count={unread} /> : undefined}
                active={pathname === route.path}
                aria-current={pathname === route.path ? 'page' : undefined}
                onClick={onNavigate}
                py={{ base: 12, lg: 6 }}
                data-testid={testId(route.path)}
              />
            ))}
        </NavLink>
      ))}
    </Stack>
  );
}
