import type { Message, MessagePriority, Recipient, ThreadFilter, ThreadSummary } from '@zorgportaal/contract';
import { and, type AnyColumn, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db/client.ts';
import { registerPurge } from '../../platform/purge.ts';
import {
  accountGroups,
  accounts,
  entities,
  groups,
  inrValues,
  networkLinks,
  patients,
  persons,
} from './tables.ts';
import { messageReads, messages, messageThreads } from './schema.ts';

/** Who is asking: the account and its organisation. */
export interface Reader {
  accountId: number;
  entityId: number;
}

/** contract screenName() in SQL, falling back to the username for an account without a person. */
type NameColumns = { firstNames: AnyColumn; lastNamePrefix: AnyColumn; lastName: AnyColumn };
const screenName = (p: NameColumns, fallback: SQL | string): SQL<string> =>
  sql<string>`coalesce(nullif(concat_ws(' ', nullif(trim(${p.firstNames}), ''), nullif(trim(${p.lastNamePrefix}), ''), nullif(trim(${p.lastName}), '')), ''), ${fallback})`;

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
 * The one visibility rule: a thread the account started or wrote in, or one addressed to a group it
 * receives from (GroupsReceivesFrom), and always one its own organisation is a party to.
 */
const visibleTo = (reader: Reader): SQL =>
  sql`(${messageThreads.fromEntityId} = ${reader.entityId} or ${messageThreads.toEntityId} = ${reader.entityId})
    and (${messageThreads.createdBy} = ${reader.accountId}
      or ${messageThreads.toGroupId} in (select ${accountGroups.groupId} from ${accountGroups}
        where ${accountGroups.accountId} = ${reader.accountId} and ${accountGroups.canReceive})
      or exists (select 1 from ${messages} where ${messages.threadId} = ${messageThreads.id}
        and ${messages.accountId} = ${reader.accountId}))`;

const unreadFor = (reader: Reader): SQL<boolean> =>
  sql<boolean>`not exists (select 1 from ${messageReads} where ${messageReads.threadId} = ${messageThreads.id}
    and ${messageReads.accountId} = ${reader.accountId} and ${messageReads.readAt} >= ${messageThreads.lastMessageAt})`;

const fromEntity = alias(entities, 'thread_from_entity');
const toEntity = alias(entities, 'thread_to_entity');
const creatorAccount = alias(accounts, 'thread_creator');
const creatorPerson = alias(persons, 'thread_creator_person');
const patientPerson = alias(persons, 'thread_patient_person');

function summaryQuery(db: Db, reader: Reader) {
  return db
    .select({
      Id: messageThreads.id,
      Subject: messageThreads.subject,
      Priority: messageThreads.priority,
      PatientId: messageThreads.patientId,
      PatientName: sql<
        string | null
      >`case when ${patientPerson.id} is null then null else ${screenName(patientPerson, '')} end`,
      OrderId: messageThreads.orderId,
      inrValueId: inrValues.id,
      inrValueTenths: inrValues.valueTenths,
      inrMeasuredAt: inrValues.measuredAt,
      FromEntityName: fromEntity.name,
      FromName: screenName(creatorPerson, sql`coalesce(${creatorAccount.username}, '')`),
      ToEntityName: toEntity.name,
      ToGroupName: groups.name,
      lastMessageAt: messageThreads.lastMessageAt,
      MessageCount: sql<number>`(select count(*)::int from ${messages} where ${messages.threadId} = ${messageThreads.id})`,
      Unread: unreadFor(reader),
      patientEntityId: patients.entityId,
      patientPrescriberId: patients.prescriberEntityId,
    })
    .from(messageThreads)
    .innerJoin(fromEntity, eq(fromEntity.id, messageThreads.fromEntityId))
    .innerJoin(toEntity, eq(toEntity.id, messageThreads.toEntityId))
    .innerJoin(groups, eq(groups.id, messageThreads.toGroupId))
    .leftJoin(creatorAccount, eq(creatorAccount.id, messageThreads.createdBy))
    .leftJoin(creatorPerson, eq(creatorPerson.id, creatorAccount.personId))
    .leftJoin(patients, eq(patients.id, messageThreads.patientId))
    .leftJoin(patientPerson, eq(patientPerson.id, patients.personId))
    .leftJoin(inrValues, eq(inrValues.id, messageThreads.inrValueId));
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

export interface ThreadRow extends ThreadSummary {
  /** The care centre of the thread's patient (scope check), null without a patient. */
  patientEntityId: number | null;
  /** Its prescriber organisation (a GP sees only its own clients). */
  patientPrescriberId: number | null;
}

const toSummary = ({
  lastMessageAt,
  inrValueId,
  inrValueTenths,
  inrMeasuredAt,
  ...row
}: SummaryRow): ThreadRow => ({
  ...row,
  InrValue:
    inrValueId === null || inrValueTenths === null || inrMeasuredAt === null
      ? null
      : { Id: inrValueId, Value: inrValueTenths / 10, MeasuredAt: inrMeasuredAt.toISOString() },
  Priority: row.Priority as MessagePriority,
  LastMessageAt: lastMessageAt.toISOString(),
});

export const LIST_LIMIT = 200;

/** The caller's threads, newest activity first. */
export async function listThreads(
  db: Db,
  reader: Reader,
  opts: { filter?: ThreadFilter; patientId?: number },
): Promise<ThreadRow[]> {
  const conditions: SQL[] = [visibleTo(reader)];
  if (opts.filter === 'unread') conditions.push(unreadFor(reader));
  if (opts.filter === 'patients') conditions.push(sql`${messageThreads.patientId} is not null`);
  if (opts.patientId) conditions.push(eq(messageThreads.patientId, opts.patientId));
  const rows = await summaryQuery(db, reader)
    .where(and(...conditions))
    .orderBy(sql`${messageThreads.lastMessageAt} desc`, sql`${messageThreads.id} desc`)
    .limit(LIST_LIMIT);
  return rows.map(toSummary);
}

/** One thread if the caller may see it, else undefined (the route answers 404). */
export async function findThread(db: Db, reader: Reader, threadId: number): Promise<ThreadRow | undefined> {
  const [row] = await summaryQuery(db, reader).where(and(eq(messageThreads.id, threadId), visibleTo(reader)));
  return row && toSummary(row);
}

/** True when the thread exists and the caller may see it (the event stream's filter). */
export async function isVisible(db: Db, reader: Reader, threadId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(and(eq(messageThreads.id, threadId), visibleTo(reader)));
  return Boolean(row);
}

const authorAccount = alias(accounts, 'message_author');
const authorPerson = alias(persons, 'message_author_person');

export async function threadMessages(db: Db, reader: Reader, threadId: number): Promise<Message[]> {
  const rows = await db
    .select({
      Id: messages.id,
      Body: messages.body,
      sentAt: messages.sentAt,
      AuthorName: screenName(authorPerson, sql`coalesce(${authorAccount.username}, '')`),
      AuthorEntityName: entities.name,
      accountId: messages.accountId,
    })
    .from(messages)
    .innerJoin(entities, eq(entities.id, messages.entityId))
    .leftJoin(authorAccount, eq(authorAccount.id, messages.accountId))
    .leftJoin(authorPerson, eq(authorPerson.id, authorAccount.personId))
    .where(eq(messages.threadId, threadId))
    .orderBy(asc(messages.sentAt), asc(messages.id));
  return rows.map(({ sentAt, accountId, ...m }) => ({
    ...m,
    SentAt: sentAt.toISOString(),
    Own: accountId === reader.accountId,
  }));
}

/** Marks the thread read up to `at` (the newest message the caller was shown). */
export async function markRead(db: Db, reader: Reader, threadId: number, at: Date): Promise<void> {
  await db
    .insert(messageReads)
    .values({ threadId, accountId: reader.accountId, readAt: at })
    .onConflictDoUpdate({
      target: [messageReads.accountId, messageReads.threadId],
      set: { readAt: sql`greatest(${messageReads.readAt}, excluded.read_at)` },
    });
}

/** How many visible threads hold a message the caller has not seen. */
export async function unreadCount(db: Db, reader: Reader): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messageThreads)
    .where(and(visibleTo(reader), unreadFor(reader)));
  return row?.n ?? 0;
}

export interface NewThread {
  toGroupId: number;
  toEntityId: number;
  subject: string;
  patientId: number | null;
  orderId?: number | null;
  inrValueId?: number | null;
  priority: MessagePriority;
  body: string;
}

/** A thread with its first message; the author has read it. Returns the thread id. */
export async function createThread(
  db: Db,
  reader: Reader,
  input: NewThread,
  at = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .insert(messageThreads)
      .values({
        fromEntityId: reader.entityId,
        createdBy: reader.accountId,
        toEntityId: input.toEntityId,
        toGroupId: input.toGroupId,
        subject: input.subject,
        patientId: input.patientId,
        orderId: input.orderId ?? null,
        inrValueId: input.inrValueId ?? null,
        priority: input.priority,
        createdAt: at,
        lastMessageAt: at,
      })
      .returning({ id: messageThreads.id });
    const threadId = thread!.id;
    await tx.insert(messages).values({
      threadId,
      entityId: reader.entityId,
      accountId: reader.accountId,
      body: input.body,
      sentAt: at,
    });
    await tx.insert(messageReads).values({ threadId, accountId: reader.accountId, readAt: at });
    return threadId;
  });
}

/** An answer in a thread; moves the thread's last activity and keeps it read for the author. */
export async function addMessage(db: Db, reader: Reader, threadId: number, body: string): Promise<number> {
  return db.transaction(async (tx) => {
    const at = new Date();
    const [row] = await tx
      .insert(messages)
      .values({ threadId, entityId: reader.entityId, accountId: reader.accountId, body, sentAt: at })
      .returning({ id: messages.id });
    await tx.update(messageThreads).set({ lastMessageAt: at }).where(eq(messageThreads.id, threadId));
    await tx
      .insert(messageReads)
      .values({ threadId, accountId: reader.accountId, readAt: at })
      .onConflictDoUpdate({ target: [messageReads.accountId, messageReads.threadId], set: { readAt: at } });
    return row!.id;
  });
}

/** Per client: how many visible threads about it hold a message the caller has not seen. */
export async function unreadByPatient(db: Db, reader: Reader): Promise<Map<number, number>> {
  const rows = await db
    .select({ patientId: messageThreads.patientId, n: sql<number>`count(*)::int` })
    .from(messageThreads)
    .where(and(visibleTo(reader), unreadFor(reader), sql`${messageThreads.patientId} is not null`))
    .groupBy(messageThreads.patientId);
  return new Map(rows.map((r) => [r.patientId!, r.n]));
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

/**
 * A thread the system starts on behalf of `reader` (its organisation and the account whose action caused
 * it) to the receiving group of `toEntityId`. Runs in the caller's transaction when `db` is one. Returns
 * the thread id, or null when the organisation has no receiving group (nobody would read it).
 */
export async function createThreadToOrganisation(
  db: Db,
  reader: Reader,
  input: Omit<NewThread, 'toGroupId'>,
): Promise<number | null> {
  const toGroupId = await receivingGroupOf(db, input.toEntityId);
  if (toGroupId === undefined) return null;
  return createThread(db, reader, { ...input, toGroupId });
}

/** What a purged client's threads show instead of their subject and messages. */
const PURGED_THREAD_SUBJECT = 'Over een verwijderde cliënt';
const PURGED_MESSAGE_BODY = 'Dit bericht is verwijderd: de cliënt is definitief verwijderd.';

/**
 * Threads about a purged client stay (read states, the other organisation's list and the audit log refer
 * to them) but their subject and messages go: they are free text written about that one client, which
 * commonly names them, and the purge cannot tell a name from a fact in free text. What was decided about
 * the medication is in the agreements, which stay. Authors are account ids only (their names come from the
 * account's person, which its own purge anonymises).
 */
registerPurge('communication', async (tx, { patientIds }) => {
  if (patientIds.length === 0) return;
  const threads = await tx
    .update(messageThreads)
    .set({ subject: PURGED_THREAD_SUBJECT })
    .where(inArray(messageThreads.patientId, [...patientIds]))
    .returning({ id: messageThreads.id });
  if (threads.length === 0) return;
  await tx
    .update(messages)
    .set({ body: PURGED_MESSAGE_BODY })
    .where(
      inArray(
        messages.threadId,
        threads.map((thread) => thread.id),
      ),
    );
});
