import '@mantine/core/styles/Paper.css';
import { memo, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment } from '@zorgportaal/contract';
import { useMomentActions } from '../hooks/use-moment-actions.tsx';
import { asNeededTaken, visibleRegistrations } from '../utils/moments.ts';
import { formatDose } from '../../../lib/administration/status.ts';
import { DoubleCheckAtDoseDialog } from './double-check-at-dose-dialog.tsx';
import { DoubleCheckButton } from './double-check-button.tsx';
import { MomentBadges } from './moment-badges.tsx';
import { PatientLine } from './patient-line.tsx';
import { RegistrationDialog } from './registration-dialog.tsx';
import { RegistrationInfo } from './registration-info.tsx';
import { isOffline } from '../../../lib/offline/is-offline.ts';
import { QueuedList } from '../offline/queued-list.tsx';

/**
 * An as-needed agreement: no time; any number of registrations up to its maximum per day. Read-only (a
 * reader who does not administer here) it shows the registrations, no buttons.
 */
export const AsNeededCard = memo(function AsNeededCard({
  moment,
  readOnly = false,
}: {
  moment: PlannedMoment;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const actions = useMomentActions(moment);
  const [deviation, setDeviation] = useState(false);
  const [atDose, setAtDose] = useState(false);
  const taken = asNeededTaken(moment);
  const max = moment.AsNeededMaxPerDay;
  const reachedMax = max !== null && taken >= max;

  return (
    <Paper
      component="article"
      withBorder
      p="md"
      radius="md"
      style={{ borderLeft: '8px solid var(--mantine-color-blue-8)' }}
      aria-label={`${moment.PatientName}: ${moment.MedicationName}`}
      data-testid="as-needed-card"
      data-key={moment.Key}
      data-print-avoid-break
    >
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={6} style={{ flex: '1 1 18rem' }}>
          <PatientLine moment={moment} />
          <Text>
            {moment.MedicationName} · <strong>{formatDose(moment.Dose, moment.DoseUnit)}</strong>
          </Text>
          {moment.AsNeededCriterion ? (
            <Text size="sm">
              {t('administration.criterion', 'Zo nodig bij: {{criterion}}', {
                criterion: moment.AsNeededCriterion,
              })}
            </Text>
          ) : null}
          <Text size="sm" c={reachedMax ? 'red.8' : 'dark.6'} data-testid="as-needed-count">
            {max === null
              ? t('administration.takenToday', 'Vandaag {{taken}} keer gegeven', { taken })
              : t('administration.takenTodayMax', 'Vandaag {{taken}} van maximaal {{max}} keer gegeven', {
                  taken,
                  max,
                })}
          </Text>
          <MomentBadges moment={moment} />
          {visibleRegistrations(moment).map((registration) => (
            <Group key={registration.Id} gap="sm" wrap="wrap">
              <RegistrationInfo registration={registration} />
              {registration.AwaitingDoubleCheck && !readOnly ? (
                <DoubleCheckButton
                  moment={moment}
                  registration={registration}
                  pending={actions.checking}
                  onCheck={(done) => actions.check(registration, done)}
                />
              ) : null}
            </Group>
          ))}
          <QueuedList moment={moment} actions={actions} />
        </Stack>
        {readOnly ? null : (
          <Group gap="sm" data-no-print>
            <Button
              size="lg"
              color="green.9"
              miw={140}
              disabled={reachedMax}
              loading={actions.registering}
              onClick={() =>
                // The colleague's check needs the server: offline the dose is queued, the check follows.
                moment.DoubleCheckRequired && !isOffline()
                  ? setAtDose(true)
                  : actions.submit({ status: 'given' })
              }
              data-testid="give-button"
            >
              {t('administration.give', 'Gegeven')}
            </Button>
            <Button
              size="lg"
              variant="default"
              onClick={() => setDeviation(true)}
              data-testid="deviation-button"
            >
              {t('administration.deviation', 'Afwijking')}
            </Button>
          </Group>
        )}
      </Group>
      {atDose ? (
        <DoubleCheckAtDoseDialog
          moment={moment}
          correctsId={null}
          onLater={() => (setAtDose(false), actions.submit({ status: 'given' }))}
          onClose={() => setAtDose(false)}
        />
      ) : null}
      {deviation ? (
        <RegistrationDialog
          opened
          mode="deviation"
          moment={moment}
          pending={actions.registering}
          onSubmit={(input) => actions.submit(input, () => setDeviation(false))}
          onClose={() => setDeviation(false)}
        />
      ) : null}
    </Paper>
  );
});
