import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TrashRow } from '@zorgportaal/contract';
import { fieldErrors } from '../../../lib/api-errors.ts';
import { apiErrorMessage } from '../../../lib/error-message.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { usePurgePerson } from '../api/purge-person.ts';
import { confirmNameMatches } from '../utils/confirm-name.ts';

/** Delete for good: the button stays disabled until the person's name is typed exactly. */
export function PurgeDialog({ row, onClose }: { row: TrashRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const purge = usePurgePerson();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const name = row?.ScreenName ?? '';
  const matches = confirmNameMatches(typed, name);

  const close = () => {
    setTyped('');
    setError(undefined);
    onClose();
  };
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!row || !matches) return;
    purge.mutate(
      { personId: row.PersonId, body: { ConfirmName: typed } },
      {
        onSuccess: () => {
          toastSuccess(t('trash.purgeDone', '{{name}} is definitief verwijderd.', { name }));
          close();
        },
        onError: (failure) => {
          setError(fieldErrors(failure).ConfirmName);
          toastError(apiErrorMessage(t, failure));
        },
      },
    );
  };

  return (
    <Modal
      opened={row !== null}
      onClose={close}
      title={t('trash.purgeTitle', 'Definitief verwijderen')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close', 'Sluiten') }}
      data-testid="purge-dialog"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text>
            {t(
              'trash.purgeBody',
              'De persoonsgegevens van {{name}} worden definitief gewist. Dit kan niet ongedaan worden gemaakt; de logboekregels blijven bewaard.',
              { name },
            )}
          </Text>
          <TextInput
            label={t('trash.purgeConfirmLabel', 'Typ "{{name}}" ter bevestiging', { name })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            error={error}
            autoComplete="off"
            data-autofocus
            data-testid="purge-confirm-name"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('common.cancel', 'Annuleren')}
            </Button>
            <Button
              type="submit"
              color="red"
              disabled={!matches}
              loading={purge.isPending}
              data-testid="purge-confirm"
            >
              {t('trash.purge', 'Definitief verwijderen')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
