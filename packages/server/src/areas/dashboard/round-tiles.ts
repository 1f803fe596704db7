import { buildDayList } from '../administration/index.ts';
import { localDate } from '../../platform/time.ts';
import { visibleDepartments } from '../medication/index.ts';
import { visibleEntityIds } from '../../platform/scope.ts';
import type { TileDefinition, TileFigure } from './tile.ts';

/**
 * A nurse's work: per department of her own organisation, today's open doses, the late ones and the
 * registrations waiting for a double check, each one tap from the toedienlijst (which opens at the
 * current round). The figures are the list's own Summary, so tile and list never disagree.
 */
export const ROUND_TILES: TileDefinition[] = [
  {
    key: 'rounds',
    anyOf: ['administration.register'],
    async figures(db, caller, now) {
      const all = await visibleDepartments(db, await visibleEntityIds(db, caller), caller.entityId);
      const own = all.filter((d) => d.EntityId === caller.entityId);
      const figures: TileFigure[] = [];
      for (const department of own.length > 0 ? own : all) {
        const { Summary } = await buildDayList(db, department, localDate(now), now);
        const common = {
          group: department.Name,
          link: `/administrationlist?department=${department.Id}`,
          detail: Summary.CurrentRound ?? undefined,
        };
        figures.push(
          { key: 'roundsOpen', value: Summary.Open, ...common },
          { key: 'roundsLate', value: Summary.Late, ...common },
          // The waiting doses only: the list filtered on them (its notice shows this same Summary count).
          {
            key: 'roundsAwaitingCheck',
            value: Summary.AwaitingDoubleCheck,
            ...common,
            link: `${common.link}&filter=doublecheck`,
          },
        );
      }
      return figures;
    },
  },
];
