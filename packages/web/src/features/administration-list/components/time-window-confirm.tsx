import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment, TimingReason } from '@zorgportaal/contract';
import { apiErrorMessage, fieldErrors } from '../../../lib/api-errors.ts';
import { timeInAmsterdam } from '../../../lib/dates.ts';
import { toastError } from '../../../lib/toast.ts';
import type { useMomentActions } from '../hooks/use-moment-actions.tsx';
import { timingReasonAt, windowTiming } from '../utils/time-window.ts';
import { Dialog } from '../../../components/dialog.tsx';

/** What the nurse confirmed about the timing, carried into the registration. */
export interface WindowTimingInput {
  timingReason?: TimingReason;
  note?: string | null;
}

type Prompt =
  | { kind: 'confirm'; reason: TimingReason; error?: string }
  | { kind: 'refused'; message: string };

/**
 * "Gegeven" by the dose's time window: inside it one tap registers; just outside it the nurse confirms
 * with the reason ("eerder gegeven" / "later gegeven") and an optional note; far outside it the server
 * refuses and its message is shown here. Nothing is ever registered outside the window without a prompt.
 */
export function useTimeWindowGive(
  moment: PlannedMoment,
  actions: ReturnType<typeof useMomentActions>,
  correctsId: number | null,
  /** A risk dose: once the window allows it, the colleague's check at the dose takes over. */
  handOver?: (timing: WindowTimingInput) => void,
) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const close = () => setPrompt(null);

  /** A refusal by the server: a reason it asks for opens the confirmation, a refusal shows its message. */
  const failed = (error: Error) => {
    const fields = fieldErrors(error);
    if (fields.TimingReason) setPrompt({ kind: 'confirm', reason: timingReasonAt(moment, Date.now()) });
    else if (fields.ScheduledAt) setPrompt({ kind: 'refused', message: apiErrorMessage(t, error) });
    else if (prompt?.kind === 'confirm') setPrompt({ ...prompt, error: apiErrorMessage(t, error) });
    else toastError(apiErrorMessage(t, error));
  };

  const give = () => {
    const now = Date.now();
    const timing = windowTiming(moment, now);
    if (timing === 'early' || timing === 'late')
      setPrompt({ kind: 'confirm', reason: timingReasonAt(moment, now) });
    else if (handOver && timing !== 'too_early' && timing !== 'too_late') handOver({});
    // In the window one tap; far outside it the server's refusal is shown (nothing is registered).
    else actions.submit({ status: 'given', correctsId }, undefined, failed);
  };

  const confirm = (reason: TimingReason, note: string) => {
    if (!handOver)
      return actions.submit({ status: 'given', correctsId, timingReason: reason, note }, close, failed);
    close();
    handOver({ timingReason: reason, note: note || null });
  };

  const dialog = prompt ? (
    <TimeWindowDialog
      moment={moment}
      prompt={prompt}
      pending={actions.registering}
      onConfirm={confirm}
      onClose={close}
    />
  ) : null;
  return { give, dialog };
}

function TimeWindowDialog({
  moment,
  prompt,
  pending,
  onConfirm,
  onClose,
}: {
  moment: PlannedMoment;
  prompt: Prompt;
  pending: boolean;
  onConfirm: (reason: TimingReason, note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const planned = timeInAmsterdam(moment.ScheduledAt);
  const window = moment.Window;
  const what = `${moment.PatientName} · ${moment.MedicationName}`;
  const title =
    prompt.kind === 'refused'
      ? t('administration.window.refusedTitle', 'Nog niet te registreren')
      : prompt.reason === 'given_early'
        ? t('administration.window.earlyTitle', 'Eerder gegeven?')
        : t('administration.window.lateTitle', 'Later gegeven?');
  return (
    <Dialog opened onClose={onClose} title={title} centered data-testid="time-window-dialog">
      <Stack gap="md">
        <Text fw={500}>{what}</Text>
        {prompt.kind === 'refused' ? (
          <Alert color="red" variant="light" role="alert" data-testid="time-window-refused">
            {prompt.message}
          </Alert>
        ) : (
          <>
            <Text data-testid="time-window-explanation">
              {prompt.reason === 'given_early'
                ? t(
                    'administration.window.early',
                    'Gepland om {{planned}}. Het tijdvenster begint om {{start}}: bevestig dat u de dosis eerder geeft.',
                    { planned, start: timeInAmsterdam(window?.Start) },
                  )
                : t(
                    'administration.window.late',
                    'Gepland om {{planned}}. Het tijdvenster eindigde om {{end}}: bevestig dat u de dosis later geeft.',
                    { planned, end: timeInAmsterdam(window?.End) },
                  )}
            </Text>
            <Textarea
              label={t('administration.window.note', 'Toelichting (optioneel)')}
              value={note}
              maxLength={500}
              rows={2}
              onChange={(event) => setNote(event.currentTarget.value)}
              data-testid="time-window-note"
            />
            {prompt.error ? (
              <Alert color="red" variant="light" role="alert">
                {prompt.error}
              </Alert>
            ) : null}
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" size="md" onClick={onClose} data-testid="time-window-cancel">
            {prompt.kind === 'refused'
              ? t('administration.window.close', 'Sluiten')
              : t('common.cancel', 'Annuleren')}
          </Button>
          {prompt.kind === 'confirm' ? (
            <Button
              size="md"
              color="green.9"
              loading={pending}
              onClick={() => onConfirm(prompt.reason, note)}
              data-testid="time-window-confirm"
            >
              {t(`timingReason.${prompt.reason}`)}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Dialog>
  );
}
