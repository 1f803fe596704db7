import type { MessagePriority } from '@zorgportaal/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { registerPurge } from '../../../platform/purge.ts';
import { messageReads, messages, messageThreads } from '../schema.ts';
import { receivingGroupOf, type Reader } from './reach.ts';

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
