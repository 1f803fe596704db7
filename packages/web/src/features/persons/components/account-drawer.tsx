import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../lib/session.ts';
import { AccountIpList } from './account-ip-list.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TableSkeleton } from '../../../components/table-skeleton.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useAccountLookups } from '../api/get-account-lookups.ts';
import { usePerson } from '../api/get-person.ts';
import { AccountForm } from './account-form.tsx';
import { SideDrawer } from './side-drawer.tsx';

interface AccountDrawerProps {
  opened: boolean;
  personId: number | null;
  screenName: string;
  onClose: () => void;
}

/**
 * Link an account to a person, or edit the linked one: the person's detail says which.
 * Loads the person and the lookups (roles, teams, groups, products) first.
 */
export function AccountDrawer({ opened, personId, screenName, onClose }: AccountDrawerProps) {
  const { t } = useTranslation();
  const person = usePerson(opened ? personId : null);
  const lookups = useAccountLookups();
  const account = person.data?.Account ?? null;
  const title = person.data
    ? account
      ? t('persons.account.editTitle', 'Account van {{name}} bewerken', { name: screenName })
      : t('persons.account.linkTitle', 'Account koppelen aan {{name}}', { name: screenName })
    : t('persons.account.title', 'Account');
  const failed = person.isError ? person.error : lookups.isError ? lookups.error : null;
  return (
    <SideDrawer opened={opened} onClose={onClose} title={title} data-testid="account-drawer">
      {failed ? (
        <LoadError
          message={t('persons.account.loadError', 'De accountgegevens konden niet worden geladen.')}
          detail={apiErrorMessage(t, failed)}
          onRetry={() => {
            void person.refetch();
            void lookups.refetch();
          }}
        />
      ) : !person.data || !lookups.data || personId === null ? (
        <TableSkeleton rows={8} />
      ) : (
        <Stack gap="xl">
          <AccountForm
            key={account?.Id ?? `new-${personId}`}
            personId={personId}
            account={account}
            lookups={lookups.data}
            onDone={onClose}
          />
          {account && hasPermission('accounts.write') ? (
            <AccountIpList accountId={account.Id} username={account.Username} />
          ) : null}
        </Stack>
      )}
    </SideDrawer>
  );
}
