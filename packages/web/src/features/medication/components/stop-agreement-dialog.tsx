import { useState } from 'react';
import { Alert, Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { agreementStopBodySchema, STOP_TYPES, type Agreement, type StopType } from '@zorgportaal/contract';
import { apiErrorMessage as errorMessage } from '../../../lib/api-errors.ts';
import { showServerFieldErrors } from '../../../lib/form.ts';
import { resolveStop, stopBody, type StopValues } from '../utils/stop-agreement.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useStopAgreement } from '../api/stop-agreement.ts';
import { DateField } from '../../../components/date-field.tsx';
import { Dialog } from '../../../components/dialog.tsx';

/** Stop an agreement: how (stopped, paused, cancelled), why, and from when (default now). */
export function StopAgreementDialog({ agreement, onClose }: { agreement: Agreement; onClose: () => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<StopValues>({
    initialValues: { StopType: 'stopped', Reason: '', StopAt: '' },
    validate: resolveStop,
  });
  const stop = useStopAgreement();

  const submit = form.onSubmit(
    (values) => {
      setFailure(null);
      // Cancelling while the agreements refresh closes the dialog, not the stop: its toast follows the request.
      void withFeedback(
        stop.mutateAsync({ id: agreement.Id, body: agreementStopBodySchema.parse(stopBody(values)) }),
        {
          onSuccess: () => {
            toastSuccess(t('medication.toast.stopped', 'De afspraak is gestopt.'));
            onClose();
          },
          onError: (error) => {
            showServerFieldErrors(form, error);
            setFailure(errorMessage(t, error));
          },
        },
      );
    },
    () => setFailure(null),
  );

  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('medication.stop.title', 'Afspraak stoppen')}
      data-testid="stop-agreement"
    >
      <Stack gap="md">
        <Text fw={600}>{agreement.Medication.Name}</Text>
        <Select
          label={t('medication.stop.type', 'Hoe stopt de afspraak?')}
          data={STOP_TYPES.map((type) => ({ value: type, label: t(`stopType.${type}`) }))}
          value={form.values.StopType}
          onChange={(value) => value && form.setFieldValue('StopType', value as StopType)}
          allowDeselect={false}
          size="md"
        />
        <Textarea
          label={t('medication.stop.reason', 'Reden')}
          {...form.getInputProps('Reason')}
          required
          maxLength={500}
          autosize
          minRows={2}
          data-testid="stop-reason"
        />
        <DateField
          label={t('medication.stop.at', 'Stopdatum')}
          description={t('medication.stop.atHelp', 'Leeg: nu')}
          {...form.getInputProps('StopAt')}
          size="md"
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose} data-autofocus>
            {t('common.cancel', 'Annuleren')}
          </Button>
          <Button
            color="red"
            size="md"
            onClick={() => submit()}
            loading={stop.isPending}
            data-testid="stop-submit"
          >
            {t('medication.stop.submit', 'Stoppen')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
