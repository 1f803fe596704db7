import { describe, expect, it } from 'vitest';
import { applyRegistration, groupMoments, momentState, scrollTargetOf } from './moments.ts';
import { moment, registration, summary } from './test-fixtures.ts';

const at = (iso: string) => Date.parse(iso);

describe('groupMoments', () => {
  it('groups timed moments by time in time order and lists as-needed ones separately', () => {
    const moments = [
      moment({ AgreementId: 1, Time: '12:00', ScheduledAt: '2026-03-10T11:00:00Z' }),
      moment({ AgreementId: 2, Time: '08:00' }),
      moment({ AgreementId: 3, Time: '12:00', ScheduledAt: '2026-03-10T11:00:00Z', PatientName: 'Bert' }),
      moment({ AgreementId: 4, Time: null, ScheduledAt: null, AsNeeded: true }),
      moment({ AgreementId: 5, Time: '07:30', ScheduledAt: '2026-03-10T06:30:00Z' }),
    ];
    const { timed, asNeeded } = groupMoments(moments);
    expect(timed.map((group) => group.time)).toEqual(['07:30', '08:00', '12:00']);
    expect(timed[2]!.moments.map((m) => m.AgreementId)).toEqual([1, 3]);
    expect(asNeeded.map((m) => m.AgreementId)).toEqual([4]);
  });

  it('returns empty groups for an empty list', () => {
    expect(groupMoments([])).toEqual({ timed: [], asNeeded: [] });
  });
});

describe('momentState', () => {
  it('is open until more than 60 minutes past the planned time, then late', () => {
    const m = moment({ ScheduledAt: '2026-03-10T07:00:00Z' });
    expect(momentState(m, at('2026-03-10T08:00:00Z'))).toBe('open');
    expect(momentState(m, at('2026-03-10T08:01:00Z'))).toBe('late');
  });

  it('trusts the server when it already marks the moment late', () => {
    expect(momentState(moment({ Late: true }), at('2026-03-10T07:00:00Z'))).toBe('late');
  });

  it('is given for a given dose, deviation for any other status, awaiting_check for a risk dose', () => {
    const now = at('2026-03-10T12:00:00Z');
    expect(momentState(moment({ Registrations: [registration()] }), now)).toBe('given');
    expect(
      momentState(
        moment({ Registrations: [registration({ Status: 'refused', DeviationReason: 'refused' })] }),
        now,
      ),
    ).toBe('deviation');
    expect(momentState(moment({ Registrations: [registration({ AwaitingDoubleCheck: true })] }), now)).toBe(
      'awaiting_check',
    );
  });

  it('treats an undone registration (cancelled, wrong registration) as open again', () => {
    const undone = registration({ Status: 'cancelled', DeviationReason: 'wrong_registration' });
    expect(momentState(moment({ Registrations: [undone] }), at('2026-03-10T07:30:00Z'))).toBe('open');
  });
});

describe('scrollTargetOf', () => {
  const done = registration();
  const rounds = [
    { time: '08:00', shown: [moment({ AgreementId: 1 })] },
    { time: '12:00', shown: [moment({ AgreementId: 2, Registrations: [done] })] },
    { time: '17:00', shown: [moment({ AgreementId: 3, Registrations: [done] }), moment({ AgreementId: 4 })] },
  ];

  it("opens at the current round's first open dose, or the next round with one", () => {
    expect(scrollTargetOf(rounds, '08:00')).toEqual({ time: '08:00', key: rounds[0]!.shown[0]!.Key });
    expect(scrollTargetOf(rounds, '12:00')).toEqual({ time: '17:00', key: rounds[2]!.shown[1]!.Key });
  });

  it('opens at the last round when all is done, and nowhere on another day', () => {
    expect(scrollTargetOf(rounds.slice(1, 2), '12:00')).toEqual({ time: '12:00', key: 'round' });
    expect(scrollTargetOf(rounds, null)).toBeNull();
  });
});

describe('applyRegistration', () => {
  const list = (moments: ReturnType<typeof moment>[]) => ({
    DepartmentId: 1,
    DepartmentName: 'Eikenhof',
    Date: '2026-03-10',
    MayRegister: true,
    Summary: summary(),
    Moments: moments,
  });

  it('puts a registration on its timed moment (same instant, other notation)', () => {
    const before = list([moment({ AgreementId: 1 }), moment({ AgreementId: 2 })]);
    const after = applyRegistration(
      before,
      registration({ Id: 9, AgreementId: 2, ScheduledAt: '2026-03-10T08:00:00+01:00' }),
    );
    expect(after.Moments[0]).toBe(before.Moments[0]);
    expect(after.Moments[1]!.Registrations.map((r) => r.Id)).toEqual([9]);
  });

  it('replaces the corrected registration, and appends to an as-needed agreement', () => {
    const first = registration({ Id: 5, AgreementId: 3, ScheduledAt: null });
    const before = list([
      moment({ AgreementId: 3, AsNeeded: true, Time: null, ScheduledAt: null, Registrations: [first] }),
    ]);
    const second = registration({ Id: 6, AgreementId: 3, ScheduledAt: null });
    expect(applyRegistration(before, second).Moments[0]!.Registrations.map((r) => r.Id)).toEqual([5, 6]);
    const correction = registration({ Id: 7, AgreementId: 3, ScheduledAt: null, CorrectsId: 5 });
    expect(applyRegistration(before, correction).Moments[0]!.Registrations.map((r) => r.Id)).toEqual([7]);
  });

  it('leaves a list without that moment unchanged', () => {
    const before = list([moment({ AgreementId: 1 })]);
    expect(applyRegistration(before, registration({ AgreementId: 99 }))).toBe(before);
  });
});
