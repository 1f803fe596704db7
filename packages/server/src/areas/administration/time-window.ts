import {
  ADMINISTERED_AT_MAX_AGE_HOURS,
  DOSE_HARD_LIMIT_MINUTES,
  DOSE_WINDOW_DEFAULT_MINUTES,
  type DoseWindow,
  doseWindowMinutesSchema,
  type RegistrationBody,
  type TimingReason,
} from '@zorgportaal/contract';
import { unprocessable } from '../../platform/errors.ts';

/**
 * The time window of a timed dose, the one place the rule lives. A dose registered as given (or partly
 * given) at `at` (AdministeredAt, else now) for its planned time:
 * - from `before` minutes ahead to `after` minutes behind (inclusive): accepted as it is;
 * - further out, up to DOSE_HARD_LIMIT_MINUTES: accepted only with the matching TimingReason
 *   (given_early / given_late), which is stored; without it 422 naming TimingReason;
 * - beyond the hard limit: refused, 422 naming ScheduledAt.
 * As-needed doses and deviations (not given, refused, failed, withdrawn) have no window: a refusal is
 * recorded when it happens, and an undo must always be possible.
 */
export type WindowSettings = { before: number; after: number };

const MINUTE = 60_000;
const HARD_MS = DOSE_HARD_LIMIT_MINUTES * MINUTE;
const MAX_AGE_MS = ADMINISTERED_AT_MAX_AGE_HOURS * 60 * MINUTE;

/** The care centre's window from its entity settings; a missing or invalid value means the default. */
export function windowSettingsOf(settings: Record<string, unknown> | null | undefined): WindowSettings {
  const minutes = (value: unknown) => {
    const parsed = doseWindowMinutesSchema.safeParse(value);
    return parsed.success ? parsed.data : DOSE_WINDOW_DEFAULT_MINUTES;
  };
  return {
    before: minutes(settings?.DoseWindowBeforeMinutes),
    after: minutes(settings?.DoseWindowAfterMinutes),
  };
}

/** The window of a planned time, as the day list shows it. */
export function windowOf(scheduledAt: Date, settings: WindowSettings): DoseWindow {
  const at = scheduledAt.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    Start: iso(at - settings.before * MINUTE),
    End: iso(at + settings.after * MINUTE),
    Earliest: iso(at - HARD_MS),
    Latest: iso(at + HARD_MS),
  };
}

export type Timing = 'in_window' | 'early' | 'late' | 'too_early' | 'too_late';

/** Where `at` falls relative to the window of `scheduledAt`. */
export function timingOf(scheduledAt: Date, at: Date, settings: WindowSettings): Timing {
  const offset = at.getTime() - scheduledAt.getTime();
  if (offset < -HARD_MS) return 'too_early';
  if (offset > HARD_MS) return 'too_late';
  if (offset < -settings.before * MINUTE) return 'early';
  if (offset > settings.after * MINUTE) return 'late';
  return 'in_window';
}

const REASON_OF = { early: 'given_early', late: 'given_late' } as const;
const TIME = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The TimingReason to store for this registration (null when none applies), or an error: 422 naming
 * TimingReason when a reason is needed and missing or wrong, 422 naming ScheduledAt when refused.
 */
export function checkTimeWindow(
  body: Pick<RegistrationBody, 'ScheduledAt' | 'Status' | 'AdministeredAt' | 'TimingReason'>,
  settings: WindowSettings,
  now: Date,
): TimingReason | null {
  const wentIn = body.Status === 'given' || body.Status === 'partial';
  if (body.ScheduledAt === null || !wentIn) return null;
  const scheduledAt = new Date(body.ScheduledAt);
  const at = body.AdministeredAt ? new Date(body.AdministeredAt) : now;
  const timing = timingOf(scheduledAt, at, settings);
  const window = windowOf(scheduledAt, settings);
  switch (timing) {
    case 'in_window':
      return null;
    case 'too_early':
      throw unprocessable(
        `Deze dosis is gepland om ${TIME.format(scheduledAt)} en kan pas vanaf ${TIME.format(new Date(window.Earliest))} worden gegeven.`,
        'ScheduledAt',
      );
    case 'too_late':
      throw unprocessable(
        `Deze dosis was gepland om ${TIME.format(scheduledAt)}; na ${TIME.format(new Date(window.Latest))} kan hij niet meer als gegeven worden geregistreerd. Registreer een afwijking.`,
        'ScheduledAt',
      );
    default: {
      const reason = REASON_OF[timing];
      if (body.TimingReason === reason) return reason;
      throw unprocessable(
        timing === 'early'
          ? `Het tijdvenster van deze dosis begint om ${TIME.format(new Date(window.Start))}: bevestig met de reden "eerder gegeven".`
          : `Het tijdvenster van deze dosis eindigde om ${TIME.format(new Date(window.End))}: bevestig met de reden "later gegeven".`,
        'TimingReason',
      );
    }
  }
}

/**
 * AdministeredAt is the time of the tap, which an offline registration carries to the server later; it is
 * what the window above judges. A tap in the future is refused by the contract (400, beyond the clock
 * skew FUTURE_TOLERANCE_MS); one older than ADMINISTERED_AT_MAX_AGE_HOURS is refused here, 422 naming it.
 */
export function checkAdministeredAt(administeredAt: string | null | undefined, now: Date): void {
  if (administeredAt && now.getTime() - Date.parse(administeredAt) > MAX_AGE_MS)
    throw unprocessable(
      `Het toedientijdstip ligt meer dan ${ADMINISTERED_AT_MAX_AGE_HOURS} uur terug en kan niet meer worden geregistreerd.`,
      'AdministeredAt',
    );
}
