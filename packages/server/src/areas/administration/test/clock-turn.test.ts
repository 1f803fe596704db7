import type { AdministrationList, DepartmentOption } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, dayBounds, localDate } from '../../../platform/time.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';
import { departmentsWithClients } from '../../medication/public.ts';
import { listVersionOf } from '../kept-list.ts';
import { builtAnswer, turnedAnswer } from '../list-answer.ts';
import { clockTurns } from '../list-etag.ts';

/**
 * When the clock turns a kept Toedienlijst (a round starts, an open dose turns late) and its data did not
 * change, the instance turns the kept answer instead of building it again (day-list-cache.ts). A tablet must
 * not tell the two apart: over every ward of the demo world, yesterday, today and tomorrow, the answer turned
 * from turn to turn is the one a build at that instant gives, byte for byte, with the same ETag end.
 */
describe('a kept Toedienlijst turned by the clock equals a build at that instant', () => {
  let t: TestApp;
  let wards: DepartmentOption[];
  const today = localDate(new Date());

  beforeAll(async () => {
    t = await buildTestApp();
    wards = await departmentsWithClients(t.db, 100);
  });
  afterAll(() => t.close());

  for (const [name, day] of [
    ['yesterday', addDays(today, -1)],
    ['today', today],
    ['tomorrow', addDays(today, 1)],
  ] as const) {
    it(`${name}: at the day's start and just after each of its turns`, async () => {
      let turned = 0;
      for (const ward of wards) {
        const at = await listVersionOf(t.app, ward, day, true);
        const built = (now: Date) => builtAnswer(t.app, ward, day, now, at);
        const start = dayBounds(day).start;
        let kept = await built(start);
        const list = JSON.parse(kept.json) as AdministrationList;
        const instants = clockTurns(list.Moments).map((turn) => new Date(turn + 1));
        for (const now of instants) {
          // Turned from the answer kept at the last turn, as the cache does it.
          kept = turnedAnswer(kept.json, now);
          expect(kept).toEqual(await built(now));
          turned += 1;
        }
        // And back from the day's last turn to its start (a clock set back).
        expect(turnedAnswer(kept.json, start)).toEqual(await built(start));
      }
      // The demo world's wards have doses on every day: there was something to turn.
      expect(turned).toBeGreaterThan(wards.length * 4);
    });
  }

  it("is a different list after a turn: an open dose is late, the summary's figure moved", async () => {
    const ward = wards[0]!;
    const day = addDays(today, 1);
    const at = await listVersionOf(t.app, ward, day, true);
    const start = dayBounds(day).start;
    const morning = JSON.parse((await builtAnswer(t.app, ward, day, start, at)).json) as AdministrationList;
    const first = morning.Moments.find((m) => m.ScheduledAt !== null)!;
    const lateFrom = clockTurns([first]).at(-1)! + 1;
    const later = JSON.parse(
      turnedAnswer(JSON.stringify(morning), new Date(lateFrom)).json,
    ) as AdministrationList;
    expect(later.Moments.find((m) => m.Key === first.Key)!.Late).toBe(true);
    expect(later.Summary.Late).toBeGreaterThan(morning.Summary.Late);
  });
});
