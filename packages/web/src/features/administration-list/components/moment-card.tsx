import '@mantine/core/styles/Paper.css';
import { memo, useState } from 'react';
import { Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment } from '@zorgportaal/contract';
import { useMomentActions } from '../hooks/use-moment-actions.tsx';
import { currentRegistration, momentState, type MomentState } from '../utils/moments.ts';
import { isVoided } from '../utils/registration-body.ts';
import { formatDose } from '../../../lib/administration/status.ts';
import { DoubleCheckAtDoseDialog } from './double-check-at-dose-dialog.tsx';
import { DoubleCheckButton } from './double-check-button.tsx';
import { LateBadge } from './late-badge.tsx';
import { MomentBadges } from './moment-badges.tsx';
import { PatientLine } from './patient-line.tsx';
import { RegistrationDialog } from './registration-dialog.tsx';
import { RegistrationInfo } from './registration-info.tsx';
import { TimeWindowBadge } from './time-window-badge.tsx';
import { useTimeWindowGive, type WindowTimingInput } from './time-window-confirm.tsx';
import { useMomentScan } from '../scan/use-moment-scan.tsx';
import { isOffline } from '../../../lib/offline/is-offline.ts';
import { QueuedState } from '../offline/queued-state.tsx';
import { useQueuedFor } from '../offline/use-queued-for.ts';

/** The side bar of a card: spec colours for given (green) and deviations (red); late stands out in orange. */
const STATE_BORDER: Record<MomentState, string> = {
  open: 'var(--mantine-color-gray-4)',
  late: 'var(--mantine-color-orange-8)',
  given: 'var(--mantine-color-green-8)',
  deviation: 'var(--mantine-color-red-8)',
  awaiting_check: 'var(--mantine-color-orange-8)',
};

/**
 * One planned moment of the toedienlijst: "Gegeven" in one tap, a deviation or correction in a dialog.
 * Read-only (a reader who does not administer here) it shows the moment and its registration, no buttons.
 * Memoised: the list page renders again on every poll and query update, and an unchanged moment keeps its
 * object (the query's structural sharing), so only the cards whose moment or clock changed render again.
 */
export const MomentCard = memo(function MomentCard({
  moment,
  now,
  readOnly = false,
}: {
  moment: PlannedMoment;
  now: number;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const actions = useMomentActions(moment);
  // A registration of this moment still in the offline queue takes the buttons' place.
  const queued = useQueuedFor(moment.Key).at(-1);
  const [dialog, setDialog] = useState<'deviation' | 'correct' | 'atDose' | null>(null);
  const state = momentState(moment, now);
  const latest = currentRegistration(moment);
  const registration = latest && !isVoided(latest) ? latest : undefined;
  const close = () => setDialog(null);
  const scan = useMomentScan(moment, () => setDialog('deviation'));
  const [atDoseTiming, setAtDoseTiming] = useState<WindowTimingInput>({});
  const giveNow = (timing: WindowTimingInput = {}) =>
    actions.submit({ status: 'given', correctsId: latest?.Id ?? null, ...timing });
  // The time window first; a risk dose then asks a colleague to confirm at the bedside.
  const windowGive = useTimeWindowGive(
    moment,
    actions,
    latest?.Id ?? null,
    // The colleague's check needs the server; offline the dose is queued and the check follows.
    moment.DoubleCheckRequired
      ? (timing) => {
          if (isOffline()) return giveNow(timing);
          setAtDoseTiming(timing);
          setDialog('atDose');
        }
      : undefined,
  );

  return (
    <Paper
      component="article"
      withBorder
      p="md"
      radius="md"
      style={{ borderLeft: `8px solid ${STATE_BORDER[state]}` }}
      bg={state === 'late' ? 'orange.0' : undefined}
      aria-label={`${moment.Time ?? ''} ${moment.PatientName}: ${moment.MedicationName}`}
      data-testid="moment-card"
      data-key={moment.Key}
      data-state={state}
      data-double-check={moment.DoubleCheckRequired}
      data-queue={queued?.state}
      data-print-avoid-break
    >
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={6} style={{ flex: '1 1 18rem' }}>
          <PatientLine moment={moment} nameTestId="moment-patient" />
          <Text size="md" data-testid="moment-medication">
            {moment.MedicationName} · <strong>{formatDose(moment.Dose, moment.DoseUnit)}</strong>
          </Text>
          <MomentBadges moment={moment} />
          {state === 'late' ? (
            <Box>
              <LateBadge scheduledAt={moment.ScheduledAt} now={now} />
            </Box>
          ) : null}
          {registration ? null : <TimeWindowBadge moment={moment} now={now} />}
          {registration ? <RegistrationInfo registration={registration} /> : null}
        </Stack>
        {readOnly ? null : queued ? (
          <QueuedState moment={moment} item={queued} actions={actions} />
        ) : (
          <Group gap="sm" wrap="wrap" data-no-print>
            {registration ? (
              <>
                {registration.AwaitingDoubleCheck ? (
                  <DoubleCheckButton
                    moment={moment}
                    registration={registration}
                    pending={actions.checking}
                    onCheck={(done) => actions.check(registration, done)}
                  />
                ) : null}
                <Button
                  size="lg"
                  variant="default"
                  onClick={() => setDialog('correct')}
                  data-testid="correct-button"
                >
                  {t('administration.correct', 'Corrigeren')}
                </Button>
              </>
            ) : (
              <>
                <Button
                  size="lg"
                  color="green.9"
                  miw={140}
                  loading={actions.registering}
                  disabled={scan.blocked}
                  onClick={windowGive.give}
                  data-testid="give-button"
                  data-scan={scan.state}
                >
                  {t('administration.give', 'Gegeven')}
                </Button>
                <Button
                  size="lg"
                  variant="default"
                  onClick={() => setDialog('deviation')}
                  data-testid="deviation-button"
                >
                  {t('administration.deviation', 'Afwijking')}
                </Button>
                {scan.button}
              </>
            )}
          </Group>
        )}
      </Group>
      {readOnly || registration || queued ? null : scan.panel}
      {dialog === 'atDose' ? (
        <DoubleCheckAtDoseDialog
          moment={moment}
          correctsId={latest?.Id ?? null}
          timing={atDoseTiming}
          onLater={() => (close(), giveNow(atDoseTiming))}
          onClose={close}
        />
      ) : dialog ? (
        <RegistrationDialog
          opened
          moment={moment}
          mode={dialog}
          correctsId={latest?.Id ?? null}
          pending={actions.registering}
          onSubmit={(input) => actions.submit(input, close)}
          onUndo={
            registration
              ? () => {
                  actions.undo(registration);
                  close();
                }
              : undefined
          }
          onClose={close}
        />
      ) : null}
      {windowGive.dialog}
    </Paper>
  );
});
