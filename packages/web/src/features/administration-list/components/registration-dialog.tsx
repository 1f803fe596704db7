import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/NumberInput.css';
import { useRef } from 'react';
import { Button, Group, NumberInput, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  DEVIATION_REASONS,
  type AdministrationStatus,
  type DeviationReason,
  type PlannedMoment,
} from '@zorgportaal/contract';
import {
  registrationFormResolver,
  type RegistrationFormValues,
  registrationInput,
  type RegistrationInput,
} from '../utils/registration-body.ts';
import { formatDose } from '../../../lib/administration/status.ts';
import { Dialog } from '../../../components/dialog.tsx';

const DEVIATION_STATUSES: AdministrationStatus[] = ['partial', 'not_given', 'refused', 'failed'];
const CORRECTION_STATUSES: AdministrationStatus[] = ['given', ...DEVIATION_STATUSES];

interface RegistrationDialogProps {
  moment: PlannedMoment;
  /** 'correct' also offers 'given' and an undo. */
  mode: 'deviation' | 'correct';
  /** The registration the new one replaces (a correction, or an undone registration of this moment). */
  correctsId?: number | null;
  opened: boolean;
  pending: boolean;
  onSubmit: (input: RegistrationInput) => void;
  /** Correction mode only: undo the registration (kept on record as a wrong registration). */
  onUndo?: () => void;
  onClose: () => void;
}

/** A deviation (status + Nictiz reason, text for 'other') or a correction of an earlier registration. */
export function RegistrationDialog(props: RegistrationDialogProps) {
  const { t } = useTranslation();
  const { moment } = props;
  const correcting = props.mode === 'correct';
  const statuses = correcting ? CORRECTION_STATUSES : DEVIATION_STATUSES;
  const validate = registrationFormResolver(moment, props.correctsId ?? null, {
    status: t('administration.dialog.statusRequired', 'Kies wat er gebeurde.'),
    reason: t('administration.dialog.reasonRequired', 'Kies een reden.'),
    text: t('administration.dialog.textRequired', 'Licht de reden toe.'),
  });
  // After the first attempt the messages follow every change (a new status can need a reason).
  const tried = useRef(false);
  const form = useForm<RegistrationFormValues>({
    initialValues: { status: null, reason: null, text: '', quantity: '', note: '' },
    validate,
    onValuesChange: (values) => tried.current && form.setErrors(validate(values)),
  });
  const { status, reason } = form.values;
  const needsReason = status !== null && status !== 'given';

  const chooseStatus = (value: string) => {
    const next = value as AdministrationStatus;
    // A refusal is nearly always the client's refusal: preselect that reason.
    form.setValues(next === 'refused' && !reason ? { status: next, reason: 'refused' } : { status: next });
  };

  const submit = form.onSubmit(
    (values) => props.onSubmit(registrationInput(values, props.correctsId ?? null)),
    () => (tried.current = true),
  );

  const title = correcting
    ? t('administration.dialog.correctTitle', 'Registratie corrigeren')
    : t('administration.dialog.deviationTitle', 'Afwijking registreren');

  return (
    <Dialog
      opened={props.opened}
      onClose={props.onClose}
      title={title}
      size="lg"
      data-testid="registration-dialog"
    >
      <Stack gap="md">
        <Text fw={600}>
          {moment.PatientName} · {moment.MedicationName} · {formatDose(moment.Dose, moment.DoseUnit)}
          {moment.Time ? ` · ${moment.Time}` : ''}
        </Text>
        <Radio.Group
          value={status}
          onChange={chooseStatus}
          label={t('administration.dialog.status', 'Wat gebeurde er?')}
          error={form.errors.status}
          data-testid="registration-status"
        >
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mt="xs">
            {statuses.map((value) => (
              <Radio.Card key={value} value={value} p="sm" mih={52} data-testid={`status-option-${value}`}>
                <Group gap="xs" wrap="nowrap">
                  <Radio.Indicator />
                  <Text>{t(`administrationStatus.${value}`)}</Text>
                </Group>
              </Radio.Card>
            ))}
          </SimpleGrid>
        </Radio.Group>
        {needsReason ? (
          <Radio.Group
            value={reason}
            onChange={(value) => form.setFieldValue('reason', value as DeviationReason)}
            label={t('administration.dialog.reason', 'Reden')}
            error={form.errors.reason}
            data-testid="registration-reason"
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
              {DEVIATION_REASONS.map((value) => (
                <Radio.Card key={value} value={value} p="sm" mih={48} data-testid={`reason-option-${value}`}>
                  <Group gap="xs" wrap="nowrap">
                    <Radio.Indicator />
                    <Text>{t(`deviationReason.${value}`)}</Text>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
        ) : null}
        {needsReason && reason === 'other' ? (
          <Textarea
            label={t('administration.dialog.text', 'Toelichting')}
            {...form.getInputProps('text')}
            maxLength={500}
            required
            autosize
            minRows={2}
            data-testid="deviation-text"
          />
        ) : null}
        {status === 'partial' ? (
          <NumberInput
            label={t('administration.dialog.quantity', 'Gegeven hoeveelheid ({{unit}})', {
              unit: moment.DoseUnit,
            })}
            {...form.getInputProps('quantity')}
            min={0}
            max={1000}
            decimalSeparator=","
            allowNegative={false}
            size="md"
            data-testid="administered-quantity"
          />
        ) : null}
        <Textarea
          label={t('administration.dialog.note', 'Notitie (optioneel)')}
          {...form.getInputProps('note')}
          maxLength={500}
          autosize
          minRows={1}
          data-testid="registration-note"
        />
        <Group justify="space-between" gap="sm">
          {correcting && props.onUndo ? (
            <Button variant="subtle" color="red" size="md" onClick={props.onUndo} data-testid="undo-button">
              {t('administration.undo', 'Ongedaan maken')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" size="md" onClick={props.onClose}>
              {t('common.cancel', 'Annuleren')}
            </Button>
            <Button
              size="md"
              onClick={() => submit()}
              loading={props.pending}
              data-testid="registration-submit"
            >
              {t('administration.dialog.submit', 'Registreren')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Dialog>
  );
}
