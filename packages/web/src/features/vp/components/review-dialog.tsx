import '@mantine/core/styles/SimpleGrid.css';
import { Alert, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { REVIEW_TEXT_MAX, screenName } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field.tsx';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { showServerFieldErrors } from '../../../lib/form.ts';
import { todayInAmsterdam } from '../../../lib/dates.ts';
import { getAccount } from '../../../lib/session.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { useRecordReview } from '../api/vp.ts';
import { parsedReview, validateReview, type ReviewValues } from '../utils/review-form.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { Dialog } from '../../../components/dialog.tsx';

const me = (): string => {
  const account = getAccount();
  return (account?.Person ? screenName(account.Person.NameInformation) : '') || account?.Username || '';
};

/** A periodic medication review: date, participants, findings, agreed changes, next review. */
export function ReviewDialog({
  patientId,
  patientName,
  onClose,
}: {
  patientId: number;
  patientName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const record = useRecordReview();
  const form = useForm<ReviewValues>({
    initialValues: {
      ReviewedOn: todayInAmsterdam(),
      Prescriber: me(),
      Pharmacist: '',
      Nurse: '',
      Findings: '',
      AgreedChanges: '',
      NextReviewOn: '',
    },
    validate: (values) => validateReview(t, patientId, values),
  });
  const submit = form.onSubmit((values) => {
    void withFeedback(record.mutateAsync(parsedReview(patientId, values)), {
      onSuccess: onClose,
      onError: (error) => showServerFieldErrors(form, error),
    });
  });
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('vp.review.title', 'Medicatiebeoordeling vastleggen – {{name}}', { name: patientName })}
      size="lg"
      closeOnClickOutside={false}
      data-testid="review-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField
              label={t('vp.review.date', 'Datum beoordeling')}
              required
              {...form.getInputProps('ReviewedOn')}
              data-testid="review-date"
            />
            <DateField
              label={t('vp.review.next', 'Volgende beoordeling')}
              {...form.getInputProps('NextReviewOn')}
              data-testid="review-next"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('vp.review.prescriber', 'Voorschrijver')}
              required
              maxLength={100}
              {...form.getInputProps('Prescriber')}
              data-testid="review-prescriber"
            />
            <TextInput
              label={t('vp.review.pharmacist', 'Apotheker')}
              maxLength={100}
              {...form.getInputProps('Pharmacist')}
              data-testid="review-pharmacist"
            />
            <TextInput
              label={t('vp.review.nurse', 'Verpleegkundige')}
              maxLength={100}
              {...form.getInputProps('Nurse')}
              data-testid="review-nurse"
            />
          </SimpleGrid>
          <Textarea
            label={t('vp.review.findings', 'Bevindingen')}
            required
            autosize
            minRows={3}
            maxLength={REVIEW_TEXT_MAX}
            {...form.getInputProps('Findings')}
            data-testid="review-findings"
          />
          <Textarea
            label={t('vp.review.changes', 'Afgesproken wijzigingen')}
            autosize
            minRows={2}
            maxLength={REVIEW_TEXT_MAX}
            {...form.getInputProps('AgreedChanges')}
            data-testid="review-changes"
          />
          {record.isError && Object.keys(form.errors).length === 0 ? (
            <Alert color="red">{apiErrorMessage(t, record.error)}</Alert>
          ) : null}
          <FormActions
            onCancel={onClose}
            submitLabel={t('common.save', 'Opslaan')}
            loading={record.isPending}
            submitTestId="review-save"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
