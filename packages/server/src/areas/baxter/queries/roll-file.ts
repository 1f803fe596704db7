import type { BaxterFileError } from '@zorgportaal/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import * as t from '../tables.ts';
import type { FileLine } from '../roll-file.ts';
import { baxterRolls as r, baxterSachets } from '../schema.ts';

/**
 * Matches checked file lines to this pharmacy's rolls and catalogue products. Returns every problem
 * (line and field) or, when there is none, the plan: which roll gets which sachets.
 */
export async function matchFile(
  db: Db | Tx,
  pharmacyId: number,
  careCentreIds: number[],
  lines: FileLine[],
): Promise<{ errors: BaxterFileError[]; rolls: Map<number, FileLine[]>; products: Map<string, number> }> {
  const errors: BaxterFileError[] = [];
  const rolls = new Map<number, FileLine[]>();
  const names = [...new Set(lines.map((l) => l.product.toUpperCase()))];
  const products = new Map(
    (names.length
      ? await db
          .select({ id: t.medications.id, name: t.medications.name })
          .from(t.medications)
          .where(inArray(sql`upper(${t.medications.name})`, names))
      : []
    ).map((p) => [p.name.toUpperCase(), p.id]),
  );
  const weeks = [...new Set(lines.map((l) => l.periodStart))];
  const candidates =
    careCentreIds.length && weeks.length
      ? await db
          .select({ id: r.id, status: r.status, periodStart: r.periodStart, bsn: t.patients.bsn })
          .from(r)
          .innerJoin(t.patients, eq(t.patients.id, r.patientId))
          .where(
            and(
              eq(r.pharmacyEntityId, pharmacyId),
              inArray(r.entityId, careCentreIds),
              inArray(r.periodStart, weeks),
            ),
          )
      : [];
  for (const line of lines) {
    const roll = candidates.find((c) => c.bsn === line.bsn && c.periodStart === line.periodStart);
    if (!roll) errors.push({ Line: line.line, Field: 'bsn', Message: 'Geen rol voor dit BSN in deze week.' });
    else if (roll.status !== 'waiting_for_file')
      errors.push({ Line: line.line, Field: 'period_start', Message: 'Deze rol is al uitgezet.' });
    if (!products.has(line.product.toUpperCase()))
      errors.push({
        Line: line.line,
        Field: 'product',
        Message: 'Onbekend product (naam uit de catalogus).',
      });
    if (roll && roll.status === 'waiting_for_file') rolls.set(roll.id, [...(rolls.get(roll.id) ?? []), line]);
  }
  return { errors, rolls, products };
}

/** Replaces each roll's sachets by the file's and marks it laid out by the importer. */
export async function applyFile(
  tx: Tx,
  rolls: Map<number, FileLine[]>,
  products: Map<string, number>,
  accountId: number,
  at: Date,
): Promise<number> {
  let sachets = 0;
  for (const [rollId, lines] of rolls) {
    await tx.delete(baxterSachets).where(eq(baxterSachets.rollId, rollId));
    await tx.insert(baxterSachets).values(
      lines.map((l) => ({
        rollId,
        at: l.at,
        medicationId: products.get(l.product.toUpperCase()) ?? null,
        product: l.product,
        quantity: l.quantity,
      })),
    );
    sachets += lines.length;
    await tx
      .update(r)
      .set({
        status: 'laid_out',
        fromFile: true,
        fileImportedAt: at,
        laidOutAt: at,
        laidOutBy: accountId,
        updatedAt: at,
      })
      .where(and(eq(r.id, rollId), eq(r.status, 'waiting_for_file')));
  }
  return sachets;
}
