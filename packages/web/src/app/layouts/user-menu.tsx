import { useState } from 'react';
import { Button, Menu, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useQueue } from '../../lib/offline/use-queue.ts';
import { getAccount } from '../../lib/session.ts';
import { APP_VERSION } from '../version.ts';

/** The user menu: profile, settings, logout (the /logout route does the work) and the portal's version. */
export function UserMenu() {
  const { t } = useTranslation();
  const username = getAccount()?.Username ?? t('userMenu.label', 'Gebruikersmenu');
  const navigate = useNavigate();
  // Registrations still in the offline queue: the logout asks first (they stay, for this account only).
  const unsent = useQueue().length;
  const [asking, setAsking] = useState(false);
  return (
    <>
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
          <Menu.Item
            component={Link}
            to="/logout"
            color="red.8"
            onClick={(event) => {
              if (unsent === 0) return;
              event.preventDefault();
              setAsking(true);
            }}
            data-testid="user-menu-logout"
          >
            {t('userMenu.logout', 'Uitloggen')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label data-testid="user-menu-version">
            {t('userMenu.version', 'Zorgportaal {{version}}', { version: APP_VERSION })}
          </Menu.Label>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={asking}
        title={t('offline.logout.title', 'Toch uitloggen?')}
        confirmLabel={t('userMenu.logout', 'Uitloggen')}
        color="red"
        onConfirm={() => {
          setAsking(false);
          void navigate('/logout');
        }}
        onCancel={() => setAsking(false)}
      >
        <Text data-testid="logout-unsent">
          {t('offline.logout.unsent', '{{count}} registraties nog niet verzonden — toch uitloggen?', {
            count: unsent,
          })}
        </Text>
        <Text size="sm" c="dark.6">
          {t(
            'offline.logout.kept',
            'Ze blijven op dit apparaat bewaard en worden verzonden zodra u weer inlogt; andere gebruikers zien ze niet.',
          )}
        </Text>
      </ConfirmDialog>
    </>
  );
}
