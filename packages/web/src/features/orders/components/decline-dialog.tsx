import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { orderStatusUpdateSchema, type Order, type OrderStatusUpdateInput } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { contractResolver, showServerFieldErrors } from '../../../lib/form.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useDecideOrder } from '../api/orders.ts';
import { Dialog } from '../../../components/dialog.tsx';

/** Decline an order: the reason is required (the same contract rule the server applies). */
export function DeclineDialog({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      opened={order !== null}
      onClose={onClose}
      title={t('orders.declineTitle', 'Bestelling {{id}} afwijzen', { id: order?.Id ?? '' })}
      centered
      data-testid="decline-dialog"
    >
      {order ? <DeclineForm key={order.Id} order={order} onClose={onClose} /> : null}
    </Dialog>
  );
}

/** The form of one order, so its id and entity are the form's own values from the start. */
function DeclineForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideOrder();
  const form = useForm<OrderStatusUpdateInput>({
    initialValues: { id: order.Id, entity: order.Entity.Id, status: 'declined', reason: '' },
    validate: contractResolver(orderStatusUpdateSchema, {
      reason: t('orders.reasonRequired', 'Vul een reden in.'),
    }),
  });
  const submit = form.onSubmit((values) => {
    void withFeedback(decide.mutateAsync(values), {
      onSuccess: () => {
        toastSuccess(t('orders.declined', 'Bestelling {{id}} is afgewezen.', { id: order.Id }));
        onClose();
      },
      onError: (error) => {
        showServerFieldErrors(form, error);
        toastError(apiErrorMessage(t, error));
      },
    });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">
          {t('orders.declineHint', 'De zorgorganisatie ziet deze reden bij de bestelling.')}
        </Text>
        <Textarea
          label={t('orders.declineReason', 'Reden van afwijzen')}
          required
          autosize
          minRows={3}
          maxLength={500}
          data-autofocus
          data-testid="decline-reason"
          {...form.getInputProps('reason')}
          value={form.values.reason ?? ''}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel', 'Annuleren')}
          </Button>
          <Button type="submit" color="red" loading={decide.isPending} data-testid="decline-confirm">
            {t('orders.decline', 'Afwijzen')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
