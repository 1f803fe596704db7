import { describe, expect, it } from 'vitest';
import { moment, registration } from '../utils/test-fixtures.ts';
import { nextDueDose } from './next-round-notice.tsx';

const at = (iso: string) => Date.parse(iso);
/** A dose at `scheduledAt` with the default window of 60 minutes either side. */
const dose = (agreementId: number, time: string, scheduledAt: string) => {
  const planned = at(scheduledAt);
  const iso = (m: number) => new Date(planned + m * 60_000).toISOString();
  return moment({
    AgreementId: agreementId,
    Time: time,
    ScheduledAt: scheduledAt,
    Window: { Start: iso(-60), End: iso(60), Earliest: iso(-240), Latest: iso(240) },
  });
};

describe('nextDueDose (the list at night)', () => {
  const seven = dose(1, '07:00', '2026-03-10T06:00:00.000Z');
  const eight = dose(2, '08:00', '2026-03-10T07:00:00.000Z');

  it('at 01:02 nothing is due: the 07:00 round, from 06:00, is next', () => {
    expect(nextDueDose([eight, seven], at('2026-03-10T00:02:00.000Z'))).toBe(seven);
  });

  it('once a dose is due (or late) there is no notice', () => {
    expect(nextDueDose([seven, eight], at('2026-03-10T05:30:00.000Z'))).toBeNull();
    expect(nextDueDose([seven], at('2026-03-10T09:00:00.000Z'))).toBeNull();
  });

  it('done doses do not count; as-needed doses have no window', () => {
    const given = { ...seven, Registrations: [registration({ AgreementId: 1 })] };
    const prn = moment({ AgreementId: 3, AsNeeded: true, ScheduledAt: null, Time: null, Window: null });
    expect(nextDueDose([given, eight, prn], at('2026-03-10T05:30:00.000Z'))).toBe(eight);
  });
});
