import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm } from '@mantine/form';
import { purgeBodySchema, type PurgeBody, type TrashRow } from '@zorgportaal/contract';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { contractResolver, showServerFieldErrors } from '../../../lib/form.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { usePurgePerson } from '../api/purge-person.ts';
import { confirmNameMatches } from '../utils/confirm-name.ts';
import { Dialog } from '../../../components/dialog.tsx';

/** Delete for good: the button stays disabled until the person's name is typed exactly. */
export function PurgeDialog({ row, onClose }: { row: TrashRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const purge = usePurgePerson();
  const name = row?.ScreenName ?? '';
  const form = useForm<PurgeBody>({
    initialValues: { ConfirmName: '' },
    // The contract's body check, plus the name itself (the server compares it the same way).
    validate: (values) => ({
      ...contractResolver<PurgeBody>(purgeBodySchema)(values),
      ...(confirmNameMatches(values.ConfirmName, name)
        ? {}
        : { ConfirmName: t('trash.purgeMismatch', 'Typ de naam precies zoals hierboven.') }),
    }),
  });
  const matches = confirmNameMatches(form.values.ConfirmName, name);

  const close = () => {
    form.reset();
    onClose();
  };
  const handleSubmit = form.onSubmit((body) => {
    if (!row) return;
    void withFeedback(purge.mutateAsync({ personId: row.PersonId, body }), {
      onSuccess: () => {
        toastSuccess(t('trash.purgeDone', '{{name}} is definitief verwijderd.', { name }));
        close();
      },
      onError: (failure) => {
        showServerFieldErrors(form, failure);
        toastError(apiErrorMessage(t, failure));
      },
    });
  });

  return (
    <Dialog
      opened={row !== null}
      onClose={close}
      title={t('trash.purgeTitle', 'Definitief verwijderen')}
      centered
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
            {...form.getInputProps('ConfirmName')}
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
    </Dialog>
  );
}
