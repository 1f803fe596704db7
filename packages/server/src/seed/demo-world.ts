import { DEFAULT_ROLES } from '@zorgportaal/contract';
import { count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db/client.ts';
import * as t from '../platform/db/schema/organisations.ts';
import { hashPassword } from '../areas/auth/public.ts';
import { demoClients } from '../areas/medication/demo-clients.ts';
import { seedDemoMedication } from '../areas/medication/demo.ts';
import { seedDemoAdministrations } from '../areas/administration/demo.ts';
import { seedDemoConsents } from '../areas/etdr/demo.ts';
import { seedDemoTrash } from '../areas/trash/demo.ts';
import { seedDemoAccounts, seedDemoTeams } from '../areas/accounts/demo.ts';
import { accounts, roles } from '../areas/accounts/schema.ts';
import { seedDemoPersons } from '../areas/persons/demo.ts';
import { seedDemoDocuments } from '../areas/documents/demo.ts';
import { seedDemoTrombosis } from '../areas/trombosis/demo.ts';
import { seedDemoOrders } from '../areas/orders/demo.ts';
import { seedDemoRolls } from '../areas/baxter/demo.ts';
import { seedDemoCommunication } from '../areas/communication/demo.ts';
import { seedDemoVp } from '../areas/vp/demo.ts';
import { seedDemoNetwork } from '../areas/network/demo.ts';
import { seedDemoIntegrations } from '../areas/integrations/demo.ts';
import { seedDemoDiagrams } from '../areas/diagrams/demo.ts';
import {
  DEMO_ACCOUNTS,
  DEMO_EMAIL_DOMAIN,
  DEMO_ENTITIES,
  DEMO_LINKS,
  DEMO_LOCATIONS,
  DEMO_PASSWORD,
  DEMO_TOTP_SECRET,
  type DemoEntityKey,
} from './demo-data.ts';

const CLIENTS_PER_CARE_CENTRE = 20;

/** The roles of DEFAULT_ROLES as global roles (entity_id null). Needed by every installation. */
export async function seedDefaultRoles(db: Db | Tx): Promise<Map<string, number>> {
  const existing = await db.select({ id: roles.id, name: roles.name }).from(roles);
  const missing = Object.entries(DEFAULT_ROLES).filter(([name]) => !existing.some((r) => r.name === name));
  const added = missing.length
    ? await db
        .insert(roles)
        .values(missing.map(([name, permissions]) => ({ name, permissions: [...permissions] })))
        .returning({ id: roles.id, name: roles.name })
    : [];
  return new Map([...existing, ...added].map((r) => [r.name, r.id]));
}

/**
 * Seeds the demo world when the database has no entities yet. Deterministic:
 * fixed names, ids in insertion order. Returns false when there was something already.
 */
export async function seedDemoWorld(db: Db, opts: { secretKey: string }): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(t.entities);
  if ((existing?.n ?? 0) > 0) return false;
  // Hashed once: argon2id costs ~50 ms and every demo account shares the password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const roleIds = await seedDefaultRoles(tx);
    const entityRows = await tx
      .insert(t.entities)
      .values(DEMO_ENTITIES.map(({ name, type, agb, settings }) => ({ name, type, agb, settings })))
      .returning({ id: t.entities.id });
    const entityId = (key: DemoEntityKey) => entityRows[DEMO_ENTITIES.findIndex((e) => e.key === key)]!.id;
    await seedDemoTeams(
      tx,
      entityRows.map((row) => row.id),
    );

    await seedDemoNetwork(
      tx,
      DEMO_LINKS.map((l) => ({ fromEntityId: entityId(l.from), toEntityId: entityId(l.to), role: l.role })),
    );

    for (const [i, loc] of DEMO_LOCATIONS.entries()) {
      const [location] = await tx
        .insert(t.locations)
        .values({ entityId: entityId(loc.entity), name: loc.name })
        .returning({ id: t.locations.id });
      await tx
        .insert(t.departments)
        .values(
          loc.departments.map((name) => ({ entityId: entityId(loc.entity), locationId: location!.id, name })),
        );
      const clients = demoClients(i * CLIENTS_PER_CARE_CENTRE, CLIENTS_PER_CARE_CENTRE);
      await seedDemoPersons(
        tx,
        clients.map((c) => ({ ...c, entityId: entityId(loc.entity) })),
      );
    }

    const accountIds = await seedDemoAccounts(
      tx,
      DEMO_ACCOUNTS.map((a) => ({ ...a, entityId: entityId(a.entity) })),
      {
        passwordHash,
        roleIds,
        emailDomain: DEMO_EMAIL_DOMAIN,
        totpSecret: DEMO_TOTP_SECRET,
        secretKey: opts.secretKey,
      },
    );
    // Deleted by the organisation's first account with a Beheerder role (or its first account).
    await seedDemoTrash(
      tx,
      entityRows.map((row, e) => {
        const own = DEMO_ACCOUNTS.map((a, i) => ({ a, id: accountIds[i]! })).filter(
          ({ a }) => a.entity === DEMO_ENTITIES[e]!.key,
        );
        const deleter = own.find(({ a }) => a.roles.includes('Beheerder')) ?? own[0];
        return { entityId: row.id, deletedBy: deleter?.id ?? null };
      }),
      new Date(),
    );
    // Every client becomes a patient with agreements; two weeks of registrations and (mostly) a consent
    // are built on them, continuing the medication demo's random sequence.
    const medication = await seedDemoMedication(tx);
    await seedDemoAdministrations(tx, medication);
    await seedDemoConsents(tx, medication.patients, medication.now);
    await seedDemoDocuments(tx);
    await seedDemoTrombosis(tx);
    await seedDemoOrders(tx);
    await seedDemoRolls(tx);
    await seedDemoCommunication(tx);
    await seedDemoVp(tx);
    await seedDemoIntegrations(tx);
    await seedDemoDiagrams(tx);
  });
  return true;
}

/** True when the demo accounts are there (a restart of a seeded installation). */
export async function hasDemoWorld(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.username, DEMO_ACCOUNTS[0]!.username))
    .limit(1);
  return rows.length > 0;
}

/** The lines main.ts prints at start, so a newcomer can log in. */
export function demoAccountLines(): string[] {
  return [
    `Demo-accounts (wachtwoord voor allemaal: ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => {
      const organisation = DEMO_ENTITIES.find((e) => e.key === a.entity)!;
      const note = a.note ? `  (${a.note})` : '';
      return `  ${a.username.padEnd(16)} ${`${organisation.name} (${organisation.type})`.padEnd(42)} ${a.roles.join(', ')}${note}`;
    }),
  ];
}
