import { localDate } from '../../platform/time.ts';
import { entityScope } from '../../platform/scope.ts';
import type { TileDefinition, TileFigure } from '../../platform/tiles.ts';
import { visibleDepartments } from '../medication/public.ts';
import { openInRound } from './day-progress.ts';
import { buildDayList } from './queries/index.ts';

/**
 * A nurse's work: per department of her own organisation, the open doses of the current round, today's
 * late doses and the registrations waiting for a double check, each one tap from the toedienlijst.
 * Every figure comes from the list's own day (buildDayList) and every link names what was counted
 * (department, day, and the round for the round's figure), so tile and list never disagree.
 */
export const ROUND_TILES: TileDefinition[] = [
  {
    key: 'rounds',
    anyOf: ['administration.register'],
    async figures(db, caller, now) {
      const all = await visibleDepartments(db, await entityScope(db, caller.entityId), caller.entityId);
      const own = all.filter((d) => d.EntityId === caller.entityId);
      const figures: TileFigure[] = [];
      const date = localDate(now);
      for (const department of own.length > 0 ? own : all) {
        const list = await buildDayList(db, department, date, now);
        const { Summary } = list;
        const day = `/administrationlist?department=${department.Id}&date=${date}`;
        const round = Summary.CurrentRound;
        figures.push(
          {
            key: 'roundsOpen',
            group: department.Name,
            value: round === null ? 0 : openInRound(list, round),
            link: round === null ? day : `${day}&round=${encodeURIComponent(round)}`,
            detail: round ?? undefined,
          },
          { key: 'roundsLate', group: department.Name, value: Summary.Late, link: day },
          {
            key: 'roundsAwaitingCheck',
            group: department.Name,
            value: Summary.AwaitingDoubleCheck,
            // The waiting doses only: the day's list filtered on them (its notice shows this same count).
            link: `${day}&filter=doublecheck`,
          },
        );
      }
      return figures;
    },
  },
];
