import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../src/platform/db/client.ts';
import { ROUND_LEAD_MS } from '../../src/areas/administration/public.ts';
import { localDate, localTime } from '../../src/platform/time.ts';

/**
 * Every ward's round starting at one instant, as at 07:00 in the whole country: the national world's 07:30 doses
 * (a quarter of the continuous agreements, so every ward has some) moved to the first whole minute from which
 * `turnAt` (ms) is ROUND_LEAD_MS before it. At that instant every ward's current round moves, so the ETag of every
 * tablet ends and every ward's list reads differently by the clock alone. Call it before the day's roll-over
 * stores the planned days. Null when that minute falls on another day in Amsterdam (a run just before midnight).
 */
export async function scheduleRoundTurn(db: Db, turnAt: number) {
  const turn = Math.ceil(turnAt / 60_000) * 60_000;
  const dose = turn + ROUND_LEAD_MS;
  if (localDate(new Date(dose)) !== localDate(new Date())) return null;
  const time = localTime(new Date(dose));
  const moved = rowsOf<{ n: string }>(
    await db.execute(sql`with moved as (
        update medication_agreements set instructions = replace(instructions::text, '"07:30"', ${`"${time}"`})::jsonb
        where prescriber = 'dr. Landelijk' and instructions::text like '%"07:30"%' returning 1)
      select count(*) as n from moved`),
  )[0]!.n;
  return { turn, time, agreements: Number(moved) };
}
