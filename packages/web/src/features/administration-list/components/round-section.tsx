import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlannedMoment } from '@zorgportaal/contract';
import { MomentCard } from './moment-card.tsx';

export const roundHeadingId = (time: string) => `time-${time.replace(':', '')}`;

/** Room for the app header and the sticky round heading when a card or round is scrolled to. */
const SCROLL_MARGIN = 'calc(var(--app-shell-header-offset, 0rem) + 4.5rem)';

interface RoundSectionProps {
  time: string;
  moments: PlannedMoment[];
  open: number;
  total: number;
  now: number;
  next: string | null;
  /** The key of the card to open the screen at, or 'round' for this round's heading. */
  scrollTarget: string | null;
  /** The caller reads this list but does not register on it: no buttons on the cards. */
  readOnly?: boolean;
  /**
   * Which list this is ("Eikenhof · 26-11-2026"), kept in the sticky heading: the list opens scrolled to the
   * current round, past the department and day chosen above it.
   */
  context?: string;
}

/** One round: its time as a sticky heading with the open count and a jump to the next round. */
export function RoundSection({
  time,
  moments,
  open,
  total,
  now,
  next,
  scrollTarget,
  readOnly = false,
  context,
}: RoundSectionProps) {
  const { t } = useTranslation();
  const headingId = roundHeadingId(time);
  return (
    <Stack
      component="section"
      gap="sm"
      aria-labelledby={headingId}
      data-testid="time-group"
      data-time={time}
      data-open={open}
      data-scroll-target={scrollTarget === 'round' ? 'true' : undefined}
      style={{ scrollMarginTop: 'var(--app-shell-header-offset, 0rem)' }}
    >
      <Group
        gap="sm"
        align="center"
        justify="space-between"
        py={6}
        bg="var(--mantine-color-body)"
        style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0rem)', zIndex: 3 }}
        data-print-static
        data-testid="round-heading"
      >
        <Group gap="sm" align="baseline">
          <Title order={2} size="h3" id={headingId}>
            {time}
          </Title>
          <Text c="dark.6">
            {t('administration.groupOpen', '{{open}} van {{total}} open', { open, total })}
          </Text>
          {context ? (
            <Text size="sm" c="dark.6" data-testid="round-context">
              {context}
            </Text>
          ) : null}
        </Group>
        {next ? (
          <Button
            variant="light"
            size="md"
            data-testid="next-round"
            onClick={() =>
              document
                .getElementById(roundHeadingId(next))
                ?.closest('section')
                ?.scrollIntoView({ block: 'start' })
            }
          >
            {t('administration.nextRound', 'Volgende ronde {{time}}', { time: next })}
          </Button>
        ) : null}
      </Group>
      {moments.map((moment) => (
        <div
          key={moment.Key}
          data-scroll-target={scrollTarget === moment.Key ? 'true' : undefined}
          style={{ scrollMarginTop: SCROLL_MARGIN }}
        >
          <MomentCard moment={moment} now={now} readOnly={readOnly} />
        </div>
      ))}
    </Stack>
  );
}
