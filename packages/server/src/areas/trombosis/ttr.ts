/**
 * Time in therapeutic range by Rosendaal's linear interpolation: between two consecutive measurements the
 * INR is assumed to move in a straight line; the share of that time the line lies inside the target range
 * counts as "in range". We compute the share exactly on the line (not day by day), clip the line at the
 * start of the window, and judge each stretch against the target range of its later measurement.
 */

export interface TtrPoint {
  /** Milliseconds since the epoch. */
  at: number;
  value: number;
  low: number;
  high: number;
}

/** The fraction of [0, 1] along a line from a to b where the value lies in [low, high]. */
function shareInRange(a: number, b: number, low: number, high: number): number {
  if (a === b) return a >= low && a <= high ? 1 : 0;
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  const overlap = Math.min(hi, high) - Math.max(lo, low);
  return overlap > 0 ? overlap / (hi - lo) : 0;
}

/** Time in range and time observed (ms) of a patient's values, from `from` (ms) on. */
export function rosendaal(points: readonly TtrPoint[], from: number): { inRange: number; total: number } {
  const sorted = [...points].sort((x, y) => x.at - y.at);
  let inRange = 0;
  let total = 0;
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    if (b.at <= from || b.at === a.at) continue;
    // Clip the stretch at the window start: the interpolated value there.
    const startAt = Math.max(a.at, from);
    const startValue = a.value + ((b.value - a.value) * (startAt - a.at)) / (b.at - a.at);
    const span = b.at - startAt;
    total += span;
    inRange += span * shareInRange(startValue, b.value, b.low, b.high);
  }
  return { inRange, total };
}

/** TTR as a percentage with one decimal, or null when there is no stretch to judge. */
export function ttrPercent(points: readonly TtrPoint[], from: number): number | null {
  const { inRange, total } = rosendaal(points, from);
  return total > 0 ? Math.round((inRange / total) * 1000) / 10 : null;
}
