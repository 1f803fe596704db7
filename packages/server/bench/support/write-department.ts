import { and, sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.ts';
import { addDays, localDate, localInstant } from '../../src/platform/time.ts';
import * as s from '../../src/schema.ts';
import { addBenchDepartment, benchAgreements, MOMENTS } from './administration-data.ts';

/**
 * A department of De Berk for the writers: `patients` clients with 4 agreements of 2 moments a day each
 * (products without risk category: no double check), started `days` days ago. Returns a registration body
 * for every planned moment of those past days, interleaved over the agreements.
 */
export async function seedWriteDepartment(db: Db, patients: number, days: number): Promise<string[]> {
  const { berk, patients: rows } = await addBenchDepartment(db, {
    name: 'Afdeling Bench Schrijvers',
    count: patients,
    firstNames: 'Schrijver',
    bsnFrom: 3000,
    roomPrefix: 'S',
  });
  const products = await db
    .select()
    .from(s.medications)
    .where(and(sql`${s.medications.riskCategories} = '{}'::text[]`))
    .limit(4);
  const today = localDate(new Date());
  const startAt = localInstant(addDays(today, -days - 1), '00:00');
  // In chunks: a statement takes at most 65,535 parameters, and a bench may ask for thousands of clients.
  const agreements: { id: number }[] = [];
  for (let i = 0; i < rows.length; i += 500)
    agreements.push(
      ...(await db
        .insert(s.medicationAgreements)
        .values(rows.slice(i, i + 500).flatMap((p) => benchAgreements(berk.id, p.id, products, startAt)))
        .returning({ id: s.medicationAgreements.id })),
    );
  const bodies: string[] = [];
  for (let d = 1; d <= days; d++) {
    const date = addDays(today, -d);
    for (let m = 0; m < 2; m++)
      agreements.forEach((a, i) => {
        const at = localInstant(date, MOMENTS[i % MOMENTS.length]![m]!).toISOString();
        bodies.push(
          JSON.stringify({ AgreementId: a.id, ScheduledAt: at, Status: 'given', AdministeredAt: at }),
        );
      });
  }
  return bodies;
}
