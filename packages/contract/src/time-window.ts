import { z } from 'zod';

/**
 * The time window of a timed dose: "Gegeven" (or "Gedeeltelijk") is registered around the planned time.
 * Within the care centre's window nothing is asked; just outside it (up to the hard limit) the nurse names
 * a timing reason, which is stored and shown; beyond the hard limit the server refuses (422 ScheduledAt).
 * As-needed doses and deviations (not given, refused, failed) have no window.
 */
export const TIMING_REASONS = ['given_early', 'given_late'] as const;
export type TimingReason = (typeof TIMING_REASONS)[number];

export const DOSE_WINDOW_DEFAULT_MINUTES = 60;
/** The window may be set from 0 to 180 minutes on either side: always inside the hard limit. */
export const DOSE_WINDOW_MAX_MINUTES = 180;
/** Further than this from the planned time (either side) a dose cannot be registered as given. */
export const DOSE_HARD_LIMIT_MINUTES = 240;

export const doseWindowMinutesSchema = z
  .number({ error: 'Vul een aantal minuten in.' })
  .int('Vul een heel aantal minuten in.')
  .min(0, 'Het venster kan niet negatief zijn.')
  .max(DOSE_WINDOW_MAX_MINUTES, `Het venster is hoogstens ${DOSE_WINDOW_MAX_MINUTES} minuten.`);

/** A timed moment's window on the day list (ISO instants); the client shows what the server enforces. */
export const doseWindowSchema = z.object({
  /** Given from Start to End (inclusive) needs nothing more. */
  Start: z.string(),
  End: z.string(),
  /** From Earliest to Start and from End to Latest a timing reason is needed; outside, refused. */
  Earliest: z.string(),
  Latest: z.string(),
});
export type DoseWindow = z.infer<typeof doseWindowSchema>;
