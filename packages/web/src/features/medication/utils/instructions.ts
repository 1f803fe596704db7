import type { Agreement, Instructions } from '@zorgportaal/contract';
import { formatDay } from '../../../lib/format.ts';

export { formatDay };

const NUMBER = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 3 });

export const formatAmount = (value: number, unit: string) => `${NUMBER.format(value)} ${unit}`;

/** ISO weekdays (1 = Monday) by their names (lib/weekdays.ts), Monday first; empty = every day. */
export const chosenWeekdaysText = (weekdays: readonly number[], names: readonly string[]): string =>
  [...weekdays]
    .sort((a, b) => a - b)
    .map((day) => names[day - 1])
    .join(', ');

/** The times with their dose, in time order: "08:00 1 tablet · 20:00 0,5 tablet". */
export const momentsText = (instructions: Pick<Instructions, 'Moments' | 'DoseUnit'>): string =>
  [...instructions.Moments]
    .sort((a, b) => a.Time.localeCompare(b.Time))
    .map((moment) => `${moment.Time} ${formatAmount(moment.Dose, instructions.DoseUnit)}`)
    .join(' · ');

/**
 * The period of an agreement: "vanaf 01-03-2026" or "01-03-2026 t/m 14-03-2026". End is exclusive
 * (an agreement ending at midnight ran through the day before), so the last day shown is End − 1 ms.
 */
export function periodParts(agreement: Pick<Agreement, 'Start' | 'End'>): {
  start: string;
  end: string | null;
} {
  const start = formatDay(agreement.Start);
  if (!agreement.End) return { start, end: null };
  const lastMoment = new Date(Date.parse(agreement.End) - 1).toISOString();
  return { start, end: formatDay(lastMoment) };
}
