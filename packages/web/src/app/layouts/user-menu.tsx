import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getAccount } from '../../lib/session.ts';
import { APP_VERSION } from '../version.ts';

/** The user menu: profile, settings, logout (the /logout route does the work) and the portal's version. */
export function UserMenu() {
  const { t } = useTranslation();
  const username = getAccount()?.Username ?? t('userMenu.label', 'Gebruikersmenu');
  return (
    <Menu position="bottom-end" width={220}>
      <Menu.Target>
        <Button variant="subtle" data-testid="user-menu" title={t('userMenu.label', 'Gebruikersmenu')}>
          {username}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('userMenu.label', 'Gebruikersmenu')}>
        <Menu.Item component={Link} to="/user/profile" data-testid="user-menu-profile">
          {t('userMenu.profile', 'Profiel')}
        </Menu.Item>
        <Menu.Item component={Link} to="/user/settings" data-testid="user-menu-settings">
          {t('userMenu.settings', 'Account Instellingen')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/logout" color="red.8" data-testid="user-menu-logout">
          {t('userMenu.logout', 'Uitloggen')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Label data-testid="user-menu-version">
          {t('userMenu.version', 'Zorgportaal {{version}}', { version: APP_VERSION })}
        </Menu.Label>
      </Menu.Dropdown>
    </Menu>
  );
}
