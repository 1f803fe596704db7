import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Popover.css';
import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PersonListRow } from '@zorgportaal/contract';
import { getAccount, hasPermission } from '../../../lib/session.ts';
import type { ConfirmAction } from './person-confirm-dialog.tsx';

export type RowAction = 'edit' | 'account' | 'client' | ConfirmAction;

/** The actions of one row, in a menu (keyboard: Enter opens it, arrows move, Escape closes). */
export function PersonRowActions({
  row,
  onAction,
}: {
  row: PersonListRow;
  onAction: (action: RowAction) => void;
}) {
  const { t } = useTranslation();
  const canWritePersons = hasPermission('persons.write');
  const canWriteAccounts = hasPermission('accounts.write');
  const canForceLogout = hasPermission('accounts.forcelogout');
  const canReadLog = hasPermission('log.read');
  const canWriteClients = hasPermission('medication.write');
  const hasAccount = row.AccountId !== null;
  // The server refuses these on one's own account as well; the menu does not offer them.
  const own = hasAccount && row.AccountId === getAccount()?.Id;
  const item = (action: RowAction, label: string, props: { disabled?: boolean; color?: string } = {}) => (
    <Menu.Item onClick={() => onAction(action)} data-testid={`person-action-${action}`} {...props}>
      {label}
    </Menu.Item>
  );

  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          size="compact-sm"
          aria-label={t('persons.actions.menuFor', 'Acties voor {{name}}', { name: row.ScreenName })}
          data-testid="person-actions"
        >
          {t('persons.actions.menu', 'Acties')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {canWritePersons && item('edit', t('persons.actions.edit', 'Persoon bewerken'))}
        {canWriteAccounts &&
          item(
            'account',
            hasAccount
              ? t('persons.actions.editAccount', 'Account bewerken')
              : t('persons.actions.linkAccount', 'Account koppelen'),
          )}
        {canWriteClients && item('client', t('persons.actions.client', 'Cliëntgegevens'))}
        {canWriteAccounts &&
          hasAccount &&
          (row.AccountActive
            ? item('deactivate', t('persons.actions.deactivate', 'Account deactiveren'), { disabled: own })
            : item('activate', t('persons.actions.activate', 'Account activeren')))}
        {canWriteAccounts &&
          hasAccount &&
          item('sendPasswordMail', t('persons.actions.sendPasswordMail', 'Wachtwoordmail sturen'))}
        {canWriteAccounts &&
          hasAccount &&
          item('reset2fa', t('persons.actions.reset2fa', 'Tweestapsverificatie resetten'))}
        {canForceLogout &&
          hasAccount &&
          item('forceLogout', t('persons.actions.forceLogout', 'Uitloggen forceren'), { disabled: own })}
        {canReadLog && (
          <Menu.Item
            component={Link}
            to={`/management/log?personId=${row.Id}`}
            data-testid="person-action-log"
          >
            {t('persons.actions.log', 'Logboek van deze persoon')}
          </Menu.Item>
        )}
        {canWritePersons && (
          <>
            <Menu.Divider />
            {item('delete', t('persons.actions.delete', 'Verwijderen'), { color: 'red', disabled: own })}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
