import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';

/**
 * The client rows an ECD sync (the integrations area) writes: it knows the BSN and the ward, nothing
 * else of the client form (room, pharmacy, GP stay for the care centre to fill in or keep).
 */

/** Makes the person a client of the care centre with the ECD's BSN and department; returns the patient id. */
export async function insertEcdClient(
  db: Db,
  client: { entityId: number; personId: number; bsn: string; departmentId: number },
): Promise<number> {
  const [patient] = await db.insert(t.patients).values(client).returning({ id: t.patients.id });
  return patient!.id;
}

/** Moves a client to the department the ECD names. */
export async function moveEcdClient(db: Db, patientId: number, departmentId: number): Promise<void> {
  await db
    .update(t.patients)
    .set({ departmentId, updatedAt: new Date() })
    .where(eq(t.patients.id, patientId));
}
