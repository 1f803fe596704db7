import type { DepartmentOption } from '@zorgportaal/contract';
import type { FastifyInstance } from 'fastify';
import { departmentsWithClients } from '../medication/public.ts';
import { localDate } from '../../platform/time.ts';
import type { WarmUpStep } from '../../platform/warm-up.ts';
import type { DayListCache } from './day-list-cache.ts';
import { keptList, listVersionOf } from './kept-list.ts';

/** More wards than the country has (5,000 in the national round): the budget, not this, ends a warm-up. */
const MAX_WARDS = 100_000;

/**
 * Today's Toedienlijst of every ward with clients, ward by ward, into the instance's kept lists, as a care
 * centre's own tablet would get it (MayRegister), so the first polls of a round find their ward's answer built
 * (and meet compiled code and prepared statements) instead of all building at once (platform/warm-up.ts).
 * Nothing is shown to anyone, so there is no audit entry; done when every ward is kept.
 */
export function keptListsWarmUp(app: FastifyInstance, lists: DayListCache): WarmUpStep {
  let wards: Promise<DepartmentOption[]> | undefined;
  return async (db, now, turn) => {
    wards ??= departmentsWithClients(db, MAX_WARDS);
    const ward = (await wards)[turn];
    if (!ward) return 'done';
    const day = localDate(now);
    await keptList(app, lists, ward, day, now, await listVersionOf(app, ward, day, true));
  };
}
