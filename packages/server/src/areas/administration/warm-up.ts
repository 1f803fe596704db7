import { administrationListSchema, type DepartmentOption } from '@zorgportaal/contract';
import { departmentsWithClients } from '../medication/public.ts';
import type { Db } from '../../platform/db/client.ts';
import { localDate } from '../../platform/time.ts';
import { buildDayList, dayListVersion } from './queries/index.ts';
import { windowSettingsOf } from './time-window.ts';

/** Several wards, so the build meets more than one ward's shape; few enough to read quickly. */
const WARDS = 20;

/**
 * The Toedienlijst as a poll makes it (the version, the list, its answer checked and written as JSON), for the
 * wards in turn, so an instance's first polls meet compiled code and prepared statements (platform/warm-up.ts).
 * Nothing is kept: the lists are built and dropped, as no one asked for them.
 */
export function dayListWarmUp() {
  let wards: Promise<DepartmentOption[]> | undefined;
  return async (db: Db, now: Date, turn: number): Promise<void> => {
    wards ??= departmentsWithClients(db, WARDS);
    const all = await wards;
    const ward = all[turn % all.length];
    if (!ward) return;
    const day = localDate(now);
    await dayListVersion(db, [ward.Id], day);
    const list = await buildDayList(db, ward, day, now, windowSettingsOf(undefined));
    JSON.stringify(administrationListSchema.parse({ ...list, MayRegister: true }));
  };
}
