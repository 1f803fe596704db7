import type { Tx } from '../../platform/db/client.ts';
import { insertActiveLinks } from '../../platform/network-links.ts';

/** The demo world's network links, each active and owned by its `from` side (the seed names them). */
export async function seedDemoNetwork(
  tx: Tx,
  links: { fromEntityId: number; toEntityId: number; role: 'supplies' | 'gp' | 'anticoagulation' }[],
): Promise<void> {
  await insertActiveLinks(tx, links);
}
