import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useState } from 'react';
import {
  Alert,
  Checkbox,
  Chip,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useWeekdays } from '../../../lib/weekdays.ts';
import {
  AGREEMENT_TYPES,
  type Agreement,
  type AgreementType,
  type DistributionForm,
} from '@zorgportaal/contract';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useChangeAgreement } from '../api/change-agreement.ts';
import { useCreateAgreement } from '../api/create-agreement.ts';
import {
  draftFromAgreement,
  emptyDraft,
  validateDraft,
  type AgreementDraft,
} from '../utils/agreement-draft.ts';
import { apiErrorMessage as errorMessage } from '../../../lib/api-errors.ts';
import { showServerFieldErrors } from '../../../lib/form.ts';
import { MedicationPicker } from './medication-picker.tsx';
import { MomentsEditor } from './moments-editor.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { Dialog } from '../../../components/dialog.tsx';

interface AgreementFormDialogProps {
  patientId: number;
  /** Set to change this agreement (ends it and starts the new one); absent to start a new one. */
  agreement?: Agreement;
  onClose: () => void;
}

/** Start or change a medication agreement, validated with the contract's schema before it is sent. */
export function AgreementFormDialog({ patientId, agreement, onClose }: AgreementFormDialogProps) {
  const { t } = useTranslation();
  const weekdays = useWeekdays();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AgreementDraft>({
    initialValues: agreement ? draftFromAgreement(agreement) : emptyDraft(),
    // Messages stay keyed by body path (as the server's `Fields`), the moments editor reads them so.
    validate: (values) => {
      const result = validateDraft(values, agreement ? null : patientId);
      return result.ok ? {} : result.fields;
    },
    clearInputErrorOnChange: false,
  });
  const create = useCreateAgreement();
  const change = useChangeAgreement();
  const pending = create.isPending || change.isPending;
  const draft = form.values;
  const errors = form.errors as Record<string, string>;
  const set = (patch: Partial<AgreementDraft>) => form.setValues(patch);
  const asNeeded = draft.type === 'as_needed';

  const submit = (values: AgreementDraft) => {
    setFailure(null);
    const result = validateDraft(values, agreement ? null : patientId);
    if (!result.ok) return;
    const handlers = {
      onSuccess: () => {
        toastSuccess(
          agreement
            ? t('medication.toast.changed', 'De afspraak is gewijzigd.')
            : t('medication.toast.started', 'De afspraak is gestart.'),
        );
        onClose();
      },
      onError: (error: unknown) => {
        showServerFieldErrors(form, error);
        setFailure(errorMessage(t, error));
      },
    };
    if (agreement) void withFeedback(change.mutateAsync({ id: agreement.Id, body: result.body }), handlers);
    else void withFeedback(create.mutateAsync({ ...result.body, PatientId: patientId }), handlers);
  };

  const handleSubmit = form.onSubmit(submit, () => setFailure(null));

  return (
    <Dialog
      opened
      onClose={onClose}
      size="xl"
      title={
        agreement
          ? t('medication.form.changeTitle', 'Afspraak wijzigen')
          : t('medication.form.startTitle', 'Afspraak starten')
      }
      data-testid="agreement-form"
    >
      <Stack gap="md">
        {agreement ? (
          <Text size="sm" c="dark.6">
            {t(
              'medication.form.changeHelp',
              'De huidige afspraak stopt bij de start van de nieuwe; de geschiedenis blijft bewaard.',
            )}
          </Text>
        ) : null}
        <MedicationPicker
          value={draft.medication}
          error={errors.MedicationId}
          onChange={(medication) =>
            set({
              medication,
              ...(medication && !agreement
                ? { distributionForm: medication.GdsSuitable ? 'gds' : 'loose', doseUnit: medication.Form }
                : {}),
            })
          }
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('medication.form.type', 'Soort afspraak')}
            data={AGREEMENT_TYPES.map((type) => ({ value: type, label: t(`agreementType.${type}`) }))}
            value={draft.type}
            onChange={(value) => value && set({ type: value as AgreementType })}
            allowDeselect={false}
            size="md"
            data-testid="agreement-type"
          />
          <TextInput
            label={t('medication.form.prescriber', 'Voorschrijver')}
            value={draft.prescriber}
            onChange={(event) => set({ prescriber: event.currentTarget.value })}
            error={errors.Prescriber}
            required
            maxLength={100}
            size="md"
            data-testid="agreement-prescriber"
          />
          <DateField
            label={t('medication.form.start', 'Startdatum')}
            description={t('medication.form.startHelp', 'Leeg: vanaf nu')}
            value={draft.start}
            onChange={(start) => set({ start })}
            error={errors.Start}
            size="md"
          />
          <DateField
            label={t('medication.form.end', 'Einddatum (t/m)')}
            description={t('medication.form.endHelp', 'Leeg: geen einddatum')}
            value={draft.end}
            onChange={(end) => set({ end })}
            error={errors.End}
            size="md"
          />
          <TextInput
            label={t('medication.form.doseUnit', 'Eenheid')}
            value={draft.doseUnit}
            onChange={(event) => set({ doseUnit: event.currentTarget.value })}
            error={errors['Instructions.DoseUnit']}
            required
            maxLength={30}
            size="md"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('medication.form.distribution', 'Verstrekking')}
            </Text>
            <SegmentedControl
              data={[
                { value: 'gds', label: t('distributionForm.gds') },
                { value: 'loose', label: t('distributionForm.loose') },
              ]}
              value={draft.distributionForm}
              onChange={(value) => set({ distributionForm: value as DistributionForm })}
              size="md"
            />
          </Stack>
        </SimpleGrid>
        {asNeeded ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput
              label={t('medication.form.criterion', 'Zo nodig bij')}
              value={draft.criterion}
              onChange={(event) => set({ criterion: event.currentTarget.value })}
              error={errors['Instructions.AsNeededCriterion'] ?? errors['Instructions.Moments']}
              required
              maxLength={200}
              size="md"
            />
            <NumberInput
              label={t('medication.form.maxPerDay', 'Maximaal per dag')}
              value={draft.maxPerDay}
              onChange={(value) => set({ maxPerDay: typeof value === 'number' ? value : '' })}
              min={1}
              max={24}
              allowDecimal={false}
              size="md"
            />
            <NumberInput
              label={t('medication.form.asNeededDose', 'Dosis per keer')}
              value={draft.asNeededDose}
              onChange={(value) => set({ asNeededDose: typeof value === 'number' ? value : '' })}
              min={0}
              decimalSeparator=","
              size="md"
            />
          </SimpleGrid>
        ) : (
          <>
            <MomentsEditor
              moments={draft.moments}
              unit={draft.doseUnit}
              errors={errors}
              onChange={(moments) => set({ moments })}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                {t('medication.form.weekdays', 'Dagen (geen keuze: elke dag)')}
              </Text>
              <Chip.Group
                multiple
                value={draft.weekdays.map(String)}
                onChange={(values) => set({ weekdays: values.map(Number) })}
              >
                <Group gap="xs">
                  {weekdays.map((name, index) => (
                    <Chip key={index} value={String(index + 1)} size="md">
                      {name}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
          </>
        )}
        <Checkbox
          label={t('medication.form.selfManaged', 'Cliënt beheert dit middel zelf')}
          checked={draft.selfManaged}
          onChange={(event) => set({ selfManaged: event.currentTarget.checked })}
          size="md"
        />
        <TextInput
          label={t('medication.form.reason', 'Reden (indicatie of wijziging)')}
          value={draft.reason}
          onChange={(event) => set({ reason: event.currentTarget.value })}
          maxLength={500}
          size="md"
        />
        <Textarea
          label={t('medication.form.note', 'Toelichting bij de instructie')}
          value={draft.note}
          onChange={(event) => set({ note: event.currentTarget.value })}
          maxLength={500}
          autosize
          minRows={1}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert" data-testid="agreement-form-error">
            {failure}
          </Alert>
        ) : null}
        <FormActions
          onCancel={onClose}
          submitLabel={
            agreement ? t('medication.form.change', 'Wijzigen') : t('medication.form.submitStart', 'Starten')
          }
          loading={pending}
          submitTestId="agreement-submit"
          onSubmit={() => handleSubmit()}
          size="md"
          gap="sm"
        />
      </Stack>
    </Dialog>
  );
}
