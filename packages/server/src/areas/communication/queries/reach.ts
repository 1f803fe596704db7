import type { Recipient } from '@zorgportaal/contract';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { accountGroups, entities, groups, networkLinks } from '../tables.ts';

/** Who is asking: the account and its organisation. */
export interface Reader {
  accountId: number;
  entityId: number;
}

/** The organisations on the other end of an active network link of `entityId`, in either direction. */
async function neighbours(db: Db, entityIds: number[]): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ from: networkLinks.fromEntityId, to: networkLinks.toEntityId })
    .from(networkLinks)
    .where(
      and(
        eq(networkLinks.active, true),
        or(inArray(networkLinks.fromEntityId, entityIds), inArray(networkLinks.toEntityId, entityIds)),
      ),
    );
  const result = new Map<number, number[]>(entityIds.map((id) => [id, []]));
  for (const { from, to } of rows) {
    result.get(from)?.push(to);
    result.get(to)?.push(from);
  }
  return result;
}

/**
 * The organisations `entityId` may write to: those linked to it in the network, and the partners of a
 * care centre it is linked to (the care centre's pharmacy, GP practice and trombosis service work on the
 * same clients). Two care centres never reach each other through a shared partner.
 */
export async function reachableEntityIds(db: Db, entityId: number): Promise<number[]> {
  const direct = (await neighbours(db, [entityId])).get(entityId)!;
  if (direct.length === 0) return [];
  const careCentres = (
    await db
      .select({ id: entities.id })
      .from(entities)
      .where(and(inArray(entities.id, direct), eq(entities.type, 'carecenter')))
  ).map((e) => e.id);
  const [self] = await db.select({ type: entities.type }).from(entities).where(eq(entities.id, entityId));
  const shared =
    self?.type === 'carecenter' || careCentres.length === 0
      ? []
      : [...(await neighbours(db, careCentres)).values()].flat();
  return [...new Set([...direct, ...shared])].filter((id) => id !== entityId);
}

/**
 * SQL: the ids `reachableEntityIds` answers, as one subquery (the same rule), for conditions that must hold
 * in the query itself: a thread with another organisation is visible only while that organisation is still
 * reachable, so its subject, senders and events go away the moment the link ends.
 */
export function reachableFrom(entityId: number): SQL {
  const other = (link: string, self: SQL | string) =>
    sql.raw(
      `case when ${link}.from_entity_id = ${self} then ${link}.to_entity_id else ${link}.from_entity_id end`,
    );
  const own = String(Math.trunc(entityId));
  return sql`(select ${other('n1', own)} from ${networkLinks} n1
      where n1.active and (n1.from_entity_id = ${entityId} or n1.to_entity_id = ${entityId})
    union
    select ${other('n2', 'c.id')} from ${networkLinks} n1
      join ${entities} c on c.type = 'carecenter' and c.id = ${other('n1', own)}
      join ${networkLinks} n2 on n2.active and (n2.from_entity_id = c.id or n2.to_entity_id = c.id)
      where n1.active and (n1.from_entity_id = ${entityId} or n1.to_entity_id = ${entityId})
        and (select e.type from ${entities} e where e.id = ${entityId}) <> 'carecenter')`;
}

/**
 * The groups the account may write to: its GroupsSendTo, limited to its own organisation and the
 * organisations linked to it in the network (a link that ends closes the conversation channel).
 */
export async function recipientsOf(db: Db, reader: Reader): Promise<Recipient[]> {
  const reachable = [reader.entityId, ...(await reachableEntityIds(db, reader.entityId))];
  return db
    .select({ Id: groups.id, Name: groups.name, EntityId: entities.id, EntityName: entities.name })
    .from(accountGroups)
    .innerJoin(groups, eq(groups.id, accountGroups.groupId))
    .innerJoin(entities, eq(entities.id, groups.entityId))
    .where(
      and(
        eq(accountGroups.accountId, reader.accountId),
        eq(accountGroups.canSend, true),
        sql`${groups.entityId} in (${sql.join(
          reachable.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(entities.name), asc(groups.name));
}

/**
 * The group of an organisation that receives messages addressed to the organisation as a whole (a
 * message no person chose a group for, e.g. a critical INR value): the group most of its accounts
 * receive from (GroupsReceivesFrom), the oldest on a tie. Undefined when nobody there receives anything.
 */
export async function receivingGroupOf(db: Db, entityId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .innerJoin(accountGroups, and(eq(accountGroups.groupId, groups.id), eq(accountGroups.canReceive, true)))
    .where(eq(groups.entityId, entityId))
    .groupBy(groups.id)
    .orderBy(sql`count(*) desc`, asc(groups.id))
    .limit(1);
  return row?.id;
}
