import { ORDER_EXPIRY_DAYS, type OrderStatus } from '@zorgportaal/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import * as t from './tables.ts';
import { orderHistory, orderLines, orders } from './schema.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface DemoOrder {
  ageHours: number;
  status: OrderStatus;
  urgent?: boolean;
  draft?: boolean;
  patient?: number;
  reason?: string;
  decisionReason?: string;
  lines: { product?: string; free?: string; quantity: number; unit: string; note?: string }[];
}

/** De Berk's orders at De Linde: every status, some urgent, one declined with a reason, one about to expire. */
const DE_BERK: DemoOrder[] = [
  {
    ageHours: 1,
    status: 'in_progress',
    urgent: true,
    patient: 0,
    reason: 'Pijnstilling loopt vandaag op.',
    lines: [{ product: 'PARACETAMOL', quantity: 30, unit: 'tablet' }],
  },
  {
    ageHours: 5,
    status: 'in_progress',
    patient: 1,
    lines: [
      { product: 'METOPROLOL', quantity: 60, unit: 'tablet' },
      { free: 'Medicijncup 30 ml', quantity: 50, unit: 'stuk' },
    ],
  },
  {
    ageHours: 30,
    status: 'in_progress',
    lines: [
      {
        free: 'Verbandmiddelen afdelingsvoorraad',
        quantity: 10,
        unit: 'verpakking',
        note: 'Steriel gaas 10x10',
      },
    ],
  },
  {
    ageHours: ORDER_EXPIRY_DAYS * 24 - 4,
    status: 'in_progress',
    patient: 2,
    reason: 'Voorraad voor het weekend.',
    lines: [{ product: 'OMEPRAZOL', quantity: 28, unit: 'capsule' }],
  },
  {
    ageHours: 0.5,
    status: 'in_progress',
    draft: true,
    patient: 3,
    lines: [{ product: 'MACROGOL', quantity: 20, unit: 'zakje' }],
  },
  {
    ageHours: 26,
    status: 'approved',
    urgent: true,
    patient: 4,
    lines: [{ product: 'AMOXICILLINE', quantity: 21, unit: 'capsule' }],
  },
  {
    ageHours: 50,
    status: 'approved',
    lines: [{ free: 'Handschoenen nitril maat M', quantity: 4, unit: 'verpakking' }],
  },
  {
    ageHours: 48,
    status: 'declined',
    patient: 5,
    decisionReason: 'Geen geldig recept: vraag de huisarts om een nieuw voorschrift.',
    lines: [{ product: 'OXAZEPAM', quantity: 30, unit: 'tablet' }],
  },
  {
    ageHours: 72,
    status: 'canceled',
    patient: 6,
    reason: 'Dubbel besteld.',
    lines: [{ product: 'PARACETAMOL', quantity: 30, unit: 'tablet' }],
  },
  { ageHours: 10 * 24, status: 'expired', lines: [{ free: 'Spuitjes 5 ml', quantity: 100, unit: 'stuk' }] },
];

/** Het Anker's orders at Centrum. */
const HET_ANKER: DemoOrder[] = [
  {
    ageHours: 2,
    status: 'in_progress',
    urgent: true,
    patient: 0,
    lines: [{ product: 'METOPROLOL', quantity: 30, unit: 'tablet' }],
  },
  {
    ageHours: 40,
    status: 'approved',
    patient: 1,
    lines: [{ product: 'OMEPRAZOL', quantity: 14, unit: 'capsule' }],
  },
  {
    ageHours: 60,
    status: 'declined',
    decisionReason: 'Niet leverbaar; alternatief volgt.',
    lines: [{ free: 'Inhalatiekamer', quantity: 1, unit: 'stuk' }],
  },
];

async function seedFor(tx: Tx, entityName: string, pharmacyName: string, list: DemoOrder[], now: Date) {
  const entity = (await tx.select().from(t.entities).where(eq(t.entities.name, entityName)))[0];
  const pharmacy = (await tx.select().from(t.entities).where(eq(t.entities.name, pharmacyName)))[0];
  if (!entity || !pharmacy) return;
  const patients = await tx
    .select({ id: t.patients.id, departmentId: t.patients.departmentId })
    .from(t.patients)
    .where(eq(t.patients.entityId, entity.id))
    .orderBy(asc(t.patients.id));
  const [department] = await tx
    .select({ id: t.departments.id })
    .from(t.departments)
    .where(eq(t.departments.entityId, entity.id))
    .orderBy(asc(t.departments.id))
    .limit(1);
  const accounts = await tx
    .select({ id: t.accounts.id, entityId: t.accounts.entityId })
    .from(t.accounts)
    .where(inArray(t.accounts.entityId, [entity.id, pharmacy.id]))
    .orderBy(asc(t.accounts.id));
  const requester = accounts.find((a) => a.entityId === entity.id)?.id ?? null;
  const decider = accounts.find((a) => a.entityId === pharmacy.id)?.id ?? null;
  const products = await tx
    .select({ id: t.medications.id, name: t.medications.name })
    .from(t.medications)
    .orderBy(asc(t.medications.id));
  const productId = (prefix: string) =>
    products.find((p) => p.name.toUpperCase().startsWith(prefix))?.id ?? null;

  for (const demo of list) {
    const created = new Date(now.getTime() - demo.ageHours * HOUR);
    const patient = demo.patient === undefined ? undefined : patients[demo.patient];
    const decidedAt = new Date(Math.min(now.getTime(), created.getTime() + 3 * HOUR));
    const at =
      demo.status === 'expired'
        ? new Date(created.getTime() + ORDER_EXPIRY_DAYS * DAY)
        : demo.status === 'in_progress'
          ? created
          : decidedAt;
    const [row] = await tx
      .insert(orders)
      .values({
        entityId: entity.id,
        pharmacyEntityId: pharmacy.id,
        departmentId: patient?.departmentId ?? department?.id ?? null,
        patientId: patient?.id ?? null,
        status: demo.status,
        urgent: demo.urgent ?? false,
        reason: demo.reason ?? null,
        decisionReason: demo.decisionReason ?? null,
        createdBy: requester,
        createdAt: created,
        sentAt: demo.draft ? null : created,
        updatedAt: at,
      })
      .returning({ id: orders.id });
    const orderId = row!.id;
    await tx.insert(orderLines).values(
      demo.lines.map((line, position) => {
        const medicationId = line.product ? productId(line.product) : null;
        return {
          orderId,
          position,
          medicationId,
          freeText: medicationId === null ? (line.free ?? line.product ?? 'Product') : null,
          quantity: line.quantity,
          unit: line.unit,
          note: line.note ?? null,
        };
      }),
    );
    if (demo.draft) continue;
    const history: (typeof orderHistory.$inferInsert)[] = [
      { orderId, at: created, accountId: requester, fromStatus: null, toStatus: 'in_progress', sent: true },
    ];
    if (demo.status !== 'in_progress')
      history.push({
        orderId,
        at,
        accountId: demo.status === 'expired' ? null : demo.status === 'canceled' ? requester : decider,
        fromStatus: 'in_progress',
        toStatus: demo.status,
        reason: demo.status === 'canceled' ? (demo.reason ?? null) : (demo.decisionReason ?? null),
      });
    await tx.insert(orderHistory).values(history);
  }
}

/** The orders of the demo world (domain.md "Demo data"). Deterministic for a given `now`. */
export async function seedDemoOrders(tx: Tx, now = new Date()): Promise<void> {
  await seedFor(tx, 'Zorgcentrum De Berk', 'Apotheek De Linde', DE_BERK, now);
  await seedFor(tx, 'Zorgcentrum Het Anker', 'Apotheek Centrum', HET_ANKER, now);
}
