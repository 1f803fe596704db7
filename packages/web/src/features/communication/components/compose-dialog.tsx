import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Radio.css';
import { Alert, Group, Select, Stack, Textarea, TextInput, Radio } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { MESSAGE_MAX, SUBJECT_MAX, type Thread } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { showServerFieldErrors } from '../../../lib/form.ts';
import type { MessageSubject } from '../../../lib/live-messages.ts';
import { hasPermission } from '../../../lib/session.ts';
import { usePatientChoices } from '../../../lib/search-patients.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { useCreateThread, useRecipients } from '../api/communication.ts';
import { emptyCompose, parsedThreadBody, validateCompose, type ComposeValues } from '../utils/forms.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { Dialog } from '../../../components/dialog.tsx';

interface ComposeDialogProps {
  /** The order or INR value another screen opened the dialog about. */
  subject?: MessageSubject | null;
  onClose: () => void;
  onSent: (thread: Thread) => void;
}

/** A new thread: recipient group (GroupsSendTo), optional client, priority, subject and message. */
export function ComposeDialog({ subject = null, onClose, onSent }: ComposeDialogProps) {
  const { t } = useTranslation();
  const recipients = useRecipients();
  const patients = usePatientChoices(hasPermission('medication.read'));
  const create = useCreateThread();
  const aboutText = subject?.OrderId
    ? t('communication.aboutOrder', 'Over bestelling {{id}}', { id: subject.OrderId })
    : subject?.InrValueId
      ? t('communication.aboutInr', 'Over een INR-waarde van de cliënt')
      : null;
  // The client of an order or INR value is the thread's client: the server takes it from there.
  const clientFromSubject = Boolean(subject?.OrderId || subject?.InrValueId);
  const form = useForm<ComposeValues>({
    initialValues: emptyCompose(subject, aboutText ?? ''),
    validate: (values) => validateCompose(t, values),
  });
  const submit = form.onSubmit((values) => {
    void withFeedback(create.mutateAsync(parsedThreadBody(values)), {
      onSuccess: onSent,
      onError: (error) => showServerFieldErrors(form, error),
    });
  });
  // About an order: only the groups of the order's other party can read it.
  const recipientRows = (recipients.data?.Rows ?? []).filter(
    (r) => !subject?.ToEntityId || r.EntityId === subject.ToEntityId,
  );
  const onlyRecipient = subject?.ToEntityId && recipientRows.length === 1 ? recipientRows[0]!.Id : null;
  useEffect(() => {
    if (onlyRecipient !== null && form.getValues().RecipientGroupId === null)
      form.setFieldValue('RecipientGroupId', String(onlyRecipient));
    // `form` is stable; run when the one possible recipient is known.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [onlyRecipient]);
  const recipientData = recipientRows.map((r) => ({
    value: String(r.Id),
    label: `${r.EntityName} – ${r.Name}`,
  }));
  const patientData = (patients.data?.Rows ?? []).map((p) => ({
    value: String(p.Id),
    label: `${p.ScreenName} (${p.DepartmentName})`,
  }));
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('communication.compose', 'Nieuw bericht')}
      size="lg"
      closeOnClickOutside={false}
      data-testid="compose-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {aboutText ? (
            <Alert color="blue" variant="light" data-testid="compose-about">
              {aboutText}
            </Alert>
          ) : null}
          <Select
            label={t('communication.recipient', 'Aan')}
            placeholder={t('communication.recipientPlaceholder', 'Kies een organisatie en groep')}
            data={recipientData}
            required
            searchable
            nothingFoundMessage={t('communication.noRecipients', 'U kunt naar geen enkele groep schrijven.')}
            {...form.getInputProps('RecipientGroupId')}
            data-testid="compose-recipient"
            data-autofocus
          />
          {recipients.isSuccess && recipientData.length === 0 ? (
            <Alert color="yellow" data-testid="compose-no-recipients">
              {t(
                'communication.noRecipientsHint',
                'Er zijn geen groepen waar u naartoe mag schrijven. Vraag de beheerder om groepen bij "Groepen (verzenden)".',
              )}
            </Alert>
          ) : null}
          <Select
            label={t('communication.patient', 'Over cliënt (optioneel)')}
            placeholder={t('communication.patientPlaceholder', 'Geen cliënt')}
            data={patientData}
            clearable
            searchable
            disabled={clientFromSubject}
            description={
              clientFromSubject
                ? t('communication.patientFromSubject', 'De cliënt volgt uit waar het bericht over gaat.')
                : undefined
            }
            {...form.getInputProps('PatientId')}
            data-testid="compose-patient"
          />
          <Radio.Group
            label={t('communication.priorityLabel', 'Prioriteit')}
            {...form.getInputProps('Priority')}
            data-testid="compose-priority"
          >
            <Group gap="md" mt={4}>
              <Radio value="normal" label={t('communication.priority.normal', 'Normaal')} />
              <Radio
                value="high"
                label={t('communication.priority.high', 'Hoog')}
                data-testid="compose-priority-high"
              />
            </Group>
          </Radio.Group>
          <TextInput
            label={t('communication.subject', 'Onderwerp')}
            required
            maxLength={SUBJECT_MAX}
            {...form.getInputProps('Subject')}
            data-testid="compose-subject"
          />
          <Textarea
            label={t('communication.body', 'Bericht')}
            required
            autosize
            minRows={4}
            maxRows={12}
            maxLength={MESSAGE_MAX}
            {...form.getInputProps('Body')}
            data-testid="compose-body"
          />
          {create.isError && Object.keys(form.errors).length === 0 ? (
            <Alert color="red" data-testid="compose-error">
              {apiErrorMessage(t, create.error)}
            </Alert>
          ) : null}
          <FormActions
            onCancel={onClose}
            submitLabel={t('communication.send', 'Versturen')}
            loading={create.isPending}
            submitTestId="compose-send"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
