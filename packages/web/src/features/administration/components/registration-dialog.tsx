import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/NumberInput.css';
import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DEVIATION_REASONS,
  type AdministrationStatus,
  type DeviationReason,
  type PlannedMoment,
} from '@zorgportaal/contract';
import type { RegistrationInput } from '../utils/registration-body.ts';
import { formatDose } from '../utils/status.ts';

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
  const [status, setStatus] = useState<AdministrationStatus | null>(null);
  const [reason, setReason] = useState<DeviationReason | null>(null);
  const [text, setText] = useState('');
  const [quantity, setQuantity] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [showErrors, setShowErrors] = useState(false);

  const needsReason = status !== null && status !== 'given';
  const statusError =
    showErrors && !status ? t('administration.dialog.statusRequired', 'Kies wat er gebeurde.') : null;
  const reasonError =
    showErrors && needsReason && !reason
      ? t('administration.dialog.reasonRequired', 'Kies een reden.')
      : null;
  const textError =
    showErrors && needsReason && reason === 'other' && !text.trim()
      ? t('administration.dialog.textRequired', 'Licht de reden toe.')
      : null;

  const chooseStatus = (value: string) => {
    const next = value as AdministrationStatus;
    setStatus(next);
    // A refusal is nearly always the client's refusal: preselect that reason.
    if (next === 'refused' && !reason) setReason('refused');
  };

  const submit = () => {
    setShowErrors(true);
    if (!status || (needsReason && (!reason || (reason === 'other' && !text.trim())))) return;
    props.onSubmit({
      status,
      reason: needsReason ? reason : null,
      text: reason === 'other' ? text : null,
      quantity: status === 'partial' && typeof quantity === 'number' ? quantity : null,
      note,
      correctsId: props.correctsId ?? null,
    });
  };

  const title = correcting
    ? t('administration.dialog.correctTitle', 'Registratie corrigeren')
    : t('administration.dialog.deviationTitle', 'Afwijking registreren');

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close', 'Sluiten') }}
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
          error={statusError}
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
            onChange={(value) => setReason(value as DeviationReason)}
            label={t('administration.dialog.reason', 'Reden')}
            error={reasonError}
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
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={textError}
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
            value={quantity}
            onChange={setQuantity}
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
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
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
            <Button size="md" onClick={submit} loading={props.pending} data-testid="registration-submit">
              {t('administration.dialog.submit', 'Registreren')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
