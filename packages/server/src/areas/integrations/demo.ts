import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import * as t from './tables.ts';

/**
 * The demo's MijnCaress link of Zorgcentrum De Berk: the bundle shipped with the server, its two ward
 * codes mapped to De Berk's two departments. Not run at seed time: "Nu synchroniseren" shows the report.
 */
export async function seedDemoIntegrations(tx: Tx): Promise<void> {
  const [berk] = await tx
    .select({ id: t.entities.id })
    .from(t.entities)
    .where(eq(t.entities.name, 'Zorgcentrum De Berk'));
  if (!berk) return;
  const departments = await tx
    .select({ id: t.departments.id, name: t.departments.name })
    .from(t.departments)
    .where(eq(t.departments.entityId, berk.id))
    .orderBy(asc(t.departments.id));
  const byName = (name: string) => departments.find((d) => d.name === name)?.id;
  const eikenhof = byName('Afdeling Eikenhof');
  const lindehof = byName('Afdeling Lindehof');
  await tx.insert(t.integrations).values({
    entityId: berk.id,
    type: 'mijncaress',
    name: 'MijnCaress ECD',
    source: 'file:demo-bundle.json',
    schedule: 'manual',
    wardMapping: [
      ...(eikenhof ? [{ wardCode: 'EIK', departmentId: eikenhof }] : []),
      ...(lindehof ? [{ wardCode: 'LIN', departmentId: lindehof }] : []),
    ],
    active: true,
  });
}
