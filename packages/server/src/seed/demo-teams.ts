import type { Tx } from '../platform/db/client.ts';
import * as t from '../platform/db/schema/index.ts';

const TEAMS = ['Team Noord', 'Team Zuid'];
const GROUPS = ['Dagdienst', 'Nachtdienst'];

/** Teams and communication groups for every demo entity, so the account form has choices. */
export async function seedDemoTeams(tx: Tx, entityIds: number[]): Promise<void> {
  if (entityIds.length === 0) return;
  await tx.insert(t.teams).values(entityIds.flatMap((entityId) => TEAMS.map((name) => ({ entityId, name }))));
  await tx
    .insert(t.groups)
    .values(entityIds.flatMap((entityId) => GROUPS.map((name) => ({ entityId, name }))));
}
