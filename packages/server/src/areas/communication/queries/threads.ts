import type { Message, MessagePriority, ThreadFilter, ThreadSummary } from '@zorgportaal/contract';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';
import { personNameSql } from '../../persons/public.ts';
import { accountGroups, accounts, entities, groups, inrValues, patients, persons } from '../tables.ts';
import { messageReads, messages, messageThreads } from '../schema.ts';
import { type Reader, reachableFrom } from './reach.ts';

/**
 * The one visibility rule: a thread the account started or wrote in, or one addressed to a group it
 * receives from (GroupsReceivesFrom), and always one its own organisation is a party to. A thread with
 * another organisation only while that organisation is reachable in the network (`reachableFrom`): when
 * the link ends, its subjects, senders and events are gone for both sides (they return with the link).
 */
const visibleTo = (reader: Reader): SQL =>
  sql`(${messageThreads.fromEntityId} = ${reader.entityId} or ${messageThreads.toEntityId} = ${reader.entityId})
    and (${messageThreads.fromEntityId} = ${messageThreads.toEntityId}
      or (case when ${messageThreads.fromEntityId} = ${reader.entityId} then ${messageThreads.toEntityId}
        else ${messageThreads.fromEntityId} end) in ${reachableFrom(reader.entityId)})
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
      >`case when ${patientPerson.id} is null then null else ${personNameSql(patientPerson, '')} end`,
      OrderId: messageThreads.orderId,
      inrValueId: inrValues.id,
      inrValueTenths: inrValues.valueTenths,
      inrMeasuredAt: inrValues.measuredAt,
      FromEntityName: fromEntity.name,
      FromName: personNameSql(creatorPerson, sql<string>`coalesce(${creatorAccount.username}, '')`),
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
      AuthorName: personNameSql(authorPerson, sql<string>`coalesce(${authorAccount.username}, '')`),
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

/** Per client: how many visible threads about it hold a message the caller has not seen. */
export async function unreadByPatient(db: Db, reader: Reader): Promise<Map<number, number>> {
  const rows = await db
    .select({ patientId: messageThreads.patientId, n: sql<number>`count(*)::int` })
    .from(messageThreads)
    .where(and(visibleTo(reader), unreadFor(reader), sql`${messageThreads.patientId} is not null`))
    .groupBy(messageThreads.patientId);
  return new Map(rows.map((r) => [r.patientId!, r.n]));
}
