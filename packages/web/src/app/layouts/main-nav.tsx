import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAV_AREAS, PROTECTED_ROUTES } from '@zorgportaal/contract';
import { hasPermission } from '../../lib/session.ts';

/** Navigation grouped by area, showing only the routes the user has permission for. */
export function MainNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const visible = PROTECTED_ROUTES.filter((route) => route.nav && hasPermission(route.permission));
  return (
    <Stack component="nav" aria-label={t('nav.label', 'Hoofdmenu')} gap="md" data-testid="main-nav">
      {NAV_AREAS.map((area) => {
        const routes = visible.filter((route) => route.area === area);
        if (routes.length === 0) return null;
        const headingId = `nav-area-${area}`;
        return (
          <section key={area} aria-labelledby={headingId} data-testid={`nav-area-${area}`}>
            <Text id={headingId} component="h2" size="xs" fw={700} tt="uppercase" c="dark.6" mb={4}>
              {t(`nav.areas.${area}`)}
            </Text>
            {routes.map((route) => (
              <NavLink
                key={route.path}
                component={Link}
                to={route.path}
                label={t(route.titleKey)}
                active={pathname === route.path}
                aria-current={pathname === route.path ? 'page' : undefined}
                onClick={onNavigate}
                data-testid={`nav-link-${route.path.slice(1).replaceAll('/', '-')}`}
              />
            ))}
          </section>
        );
      })}
    </Stack>
  );
}
