import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { seedDemoGroupMembers } from '../accounts/demo.ts';
import { accounts, entities, groups, patients } from './tables.ts';
import { messageReads, messages, messageThreads } from './schema.ts';

/** The communication group every demo organisation reads and writes to. */
const DEMO_GROUP = 'Dagdienst';

/** Who may write to which organisation's Dagdienst, and who reads their own (GroupsSendTo / GroupsReceivesFrom). */
const DEMO_ADDRESSING: { username: string; receives: string; sendsTo: string[] }[] = [
  {
    username: 'verpleegkundige',
    receives: 'Zorgcentrum De Berk',
    sendsTo: ['Apotheek De Linde', 'Huisartsenpraktijk Linde', 'Zorgcentrum De Berk'],
  },
  {
    username: 'tweestaps',
    receives: 'Zorgcentrum De Berk',
    sendsTo: ['Apotheek De Linde', 'Huisartsenpraktijk Linde'],
  },
  {
    username: 'beheerder',
    receives: 'Zorgcentrum De Berk',
    sendsTo: ['Apotheek De Linde', 'Huisartsenpraktijk Linde', 'Zorgcentrum De Berk'],
  },
  {
    username: 'apotheker',
    receives: 'Apotheek De Linde',
    sendsTo: ['Zorgcentrum De Berk', 'Huisartsenpraktijk Linde'],
  },
  {
    username: 'assistent',
    receives: 'Apotheek De Linde',
    sendsTo: ['Zorgcentrum De Berk', 'Huisartsenpraktijk Linde'],
  },
  {
    username: 'huisarts',
    receives: 'Huisartsenpraktijk Linde',
    sendsTo: ['Zorgcentrum De Berk', 'Apotheek De Linde'],
  },
  { username: 'anker', receives: 'Zorgcentrum Het Anker', sendsTo: ['Apotheek Centrum'] },
  { username: 'centrum', receives: 'Apotheek Centrum', sendsTo: ['Zorgcentrum Het Anker'] },
];

interface DemoMessage {
  from: string;
  /** Minutes before now. */
  ago: number;
  body: string;
}

interface DemoThread {
  to: string;
  subject: string;
  /** Index into De Berk's patients, or null. */
  patient: number | null;
  priority: 'normal' | 'high';
  messages: DemoMessage[];
  /** Usernames that have read the whole thread (authors read what they wrote). */
  readBy: string[];
}

const DEMO_THREADS: DemoThread[] = [
  {
    to: 'Zorgcentrum De Berk',
    subject: 'Metoprolol verlaagd na val',
    patient: 0,
    priority: 'high',
    messages: [
      {
        from: 'huisarts',
        ago: 45,
        body: 'Na de val van gisteren heb ik de metoprolol verlaagd naar 50 mg per dag. Wilt u de bloeddruk de komende drie dagen dagelijks meten en doorgeven?',
      },
    ],
    readBy: [],
  },
  {
    to: 'Apotheek De Linde',
    subject: 'Levering paracetamol afdeling Eikenhof',
    patient: null,
    priority: 'normal',
    messages: [
      {
        from: 'verpleegkundige',
        ago: 60 * 26,
        body: 'De voorraad paracetamol 500 mg op Eikenhof is bijna op. Kan er morgen een extra levering mee?',
      },
      { from: 'apotheker', ago: 60 * 25, body: 'Komt morgen mee met de ochtendlevering.' },
      { from: 'verpleegkundige', ago: 60 * 24, body: 'Dank u wel!' },
    ],
    readBy: ['verpleegkundige', 'apotheker'],
  },
  {
    to: 'Huisartsenpraktijk Linde',
    subject: 'Interactie bij nieuwe afspraak',
    patient: 1,
    priority: 'normal',
    messages: [
      {
        from: 'apotheker',
        ago: 90,
        body: 'Bij de nieuwe afspraak voor omeprazol zien wij een interactie met clopidogrel. Wilt u overwegen over te stappen op pantoprazol?',
      },
    ],
    readBy: [],
  },
  {
    to: 'Huisartsenpraktijk Linde',
    subject: 'Verzoek medicatiebeoordeling',
    patient: 2,
    priority: 'normal',
    messages: [
      {
        from: 'verpleegkundige',
        ago: 60 * 50,
        body: 'Mevrouw is de laatste weken suf overdag. Kan de medicatie bij de volgende beoordeling worden doorgenomen?',
      },
      {
        from: 'huisarts',
        ago: 60 * 48,
        body: 'Ik neem het mee in de beoordeling van volgende week, samen met de apotheker.',
      },
    ],
    readBy: ['verpleegkundige', 'huisarts'],
  },
];

/** The demo's communication groups per account and a few threads (some unread, one urgent about a client). */
export async function seedDemoCommunication(tx: Tx, now = new Date()): Promise<void> {
  const entityRows = await tx.select({ id: entities.id, name: entities.name }).from(entities);
  const entityId = (name: string) => entityRows.find((e) => e.name === name)?.id;
  const groupRows = await tx
    .select({ id: groups.id, entityId: groups.entityId })
    .from(groups)
    .where(eq(groups.name, DEMO_GROUP));
  const groupOf = (name: string) => groupRows.find((g) => g.entityId === entityId(name));
  const accountRows = await tx
    .select({ id: accounts.id, entityId: accounts.entityId, username: accounts.username })
    .from(accounts)
    .where(
      inArray(
        accounts.username,
        DEMO_ADDRESSING.map((a) => a.username),
      ),
    );
  const account = (username: string) => accountRows.find((a) => a.username === username);

  const rows = DEMO_ADDRESSING.flatMap(({ username, receives, sendsTo }) => {
    const a = account(username);
    if (!a) return [];
    const ids = new Map<number, { canSend: boolean; canReceive: boolean }>();
    const own = groupOf(receives);
    if (own) ids.set(own.id, { canSend: false, canReceive: true });
    for (const name of sendsTo) {
      const g = groupOf(name);
      if (g) ids.set(g.id, { canSend: true, canReceive: ids.get(g.id)?.canReceive ?? false });
    }
    return [...ids].map(([groupId, flags]) => ({ accountId: a.id, groupId, entityId: a.entityId, ...flags }));
  });
  await seedDemoGroupMembers(tx, rows);

  const deBerk = entityId('Zorgcentrum De Berk');
  if (!deBerk) return;
  const clientRows = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.entityId, deBerk)))
    .orderBy(asc(patients.id))
    .limit(3);
  const at = (ago: number) => new Date(now.getTime() - ago * 60_000);
  for (const thread of DEMO_THREADS) {
    const first = thread.messages[0]!;
    const author = account(first.from);
    const group = groupOf(thread.to);
    if (!author || !group) continue;
    const last = at(thread.messages.at(-1)!.ago);
    const [row] = await tx
      .insert(messageThreads)
      .values({
        fromEntityId: author.entityId,
        createdBy: author.id,
        toEntityId: group.entityId,
        toGroupId: group.id,
        subject: thread.subject,
        patientId: thread.patient === null ? null : (clientRows[thread.patient]?.id ?? null),
        priority: thread.priority,
        createdAt: at(first.ago),
        lastMessageAt: last,
      })
      .returning({ id: messageThreads.id });
    const threadId = row!.id;
    await tx.insert(messages).values(
      thread.messages.map((m) => {
        const a = account(m.from)!;
        return { threadId, entityId: a.entityId, accountId: a.id, body: m.body, sentAt: at(m.ago) };
      }),
    );
    const readers = new Map<number, Date>();
    for (const m of thread.messages) readers.set(account(m.from)!.id, at(m.ago));
    for (const username of thread.readBy) readers.set(account(username)!.id, last);
    await tx
      .insert(messageReads)
      .values([...readers].map(([accountId, readAt]) => ({ threadId, accountId, readAt })));
  }
}
