import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { accounts, diagrams } from './tables.ts';

const DAY_MS = 86_400_000;

/**
 * One diagram De Berk's nurse saved three days ago, so the Toediendashboard and Diagrammen show a
 * shared chart from the start.
 */
export async function seedDemoDiagrams(tx: Tx, now = new Date()): Promise<void> {
  const [nurse] = await tx
    .select({ id: accounts.id, entityId: accounts.entityId })
    .from(accounts)
    .where(eq(accounts.username, 'verpleegkundige'));
  if (!nurse) return;
  const savedAt = new Date(now.getTime() - 3 * DAY_MS);
  await tx.insert(diagrams).values({
    entityId: nurse.entityId,
    ownerAccountId: nurse.id,
    title: 'Afwijkingen per afdeling, laatste 14 dagen',
    definition: { Measure: 'deviations', GroupBy: 'department', PeriodDays: 14, DepartmentId: null },
    createdAt: savedAt,
    updatedAt: savedAt,
  });
}
