import { useState } from 'react';
import { Button, Code, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useAccountIpList, useClearAccountIpList } from '../api/account-ip-list.ts';

/**
 * The account's IP allow-list in the account drawer: the entries, and "Wissen" (after a confirmation)
 * for a user who shut themselves out (security.md "IP allow-list").
 */
export function AccountIpList({ accountId, username }: { accountId: number; username: string }) {
  const { t } = useTranslation();
  const list = useAccountIpList(accountId);
  const clear = useClearAccountIpList(accountId);
  const [asking, setAsking] = useState(false);
  const entries = list.data ?? [];

  const confirmClear = () =>
    void withFeedback(clear.mutateAsync(), {
      onSuccess: () => {
        setAsking(false);
        toastSuccess(t('persons.ipList.cleared', 'De IP-lijst is gewist.'));
      },
      onError: (error) => {
        setAsking(false);
        toastError(apiErrorMessage(t, error));
      },
    });

  let body;
  if (list.isPending) body = <Skeleton height={40} />;
  else if (list.isError)
    body = (
      <LoadError
        message={t('persons.ipList.loadError', 'De IP-lijst kon niet worden geladen.')}
        detail={apiErrorMessage(t, list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  else if (entries.length === 0)
    body = (
      <Text size="sm" data-testid="account-ips-empty">
        {t('persons.ipList.empty', 'Geen beperking: dit account kan vanaf elk adres inloggen.')}
      </Text>
    );
  else
    body = (
      <>
        <Table withTableBorder data-testid="account-ips-table">
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.Id} data-testid="account-ip-entry">
                <Table.Td>
                  <Code>{entry.Ip}</Code>
                </Table.Td>
                <Table.Td>{entry.Description}</Table.Td>
                <Table.Td>{t('persons.ipList.product', 'Product {{id}}', { id: entry.ProductId })}</Table.Td>
                <Table.Td>{formatDateTime(entry.CreatedAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group>
          <Button
            color="red.8"
            variant="light"
            onClick={() => setAsking(true)}
            data-testid="account-ips-clear"
          >
            {t('persons.ipList.clear', 'Wissen')}
          </Button>
        </Group>
      </>
    );

  return (
    <Stack gap="xs" data-testid="account-ips">
      <Title order={3} size="h5">
        {t('persons.ipList.title', 'IP-lijst')}
      </Title>
      {body}
      <ConfirmDialog
        opened={asking}
        title={t('persons.ipList.clearTitle', 'IP-lijst wissen')}
        confirmLabel={t('persons.ipList.clear', 'Wissen')}
        color="red.8"
        loading={clear.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={confirmClear}
      >
        <Text size="sm">
          {t(
            'persons.ipList.clearBody',
            'Alle adressen van {{username}} worden verwijderd; het account kan daarna weer vanaf elk adres inloggen.',
            { username },
          )}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
