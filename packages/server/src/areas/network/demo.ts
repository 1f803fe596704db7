import type { Tx } from '../../platform/db/client.ts';
import { networkLinks } from '../../platform/db/schema/organisations.ts';

/** The demo world's network links, each active and owned by its `from` side (the seed names them). */
export async function seedDemoNetwork(
  tx: Tx,
  links: { fromEntityId: number; toEntityId: number; role: 'supplies' | 'gp' | 'anticoagulation' }[],
): Promise<void> {
  await tx.insert(networkLinks).values(links.map((link) => ({ entityId: link.fromEntityId, ...link })));
}
