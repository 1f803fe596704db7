import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { seedDemoGroupMembers } from '../accounts/demo.ts';
import { accounts, entities, groups, inrValues, patients } from './tables.ts';
import { messageReads, messages, messageThreads } from './schema.ts';

/** The communication group every demo organisation reads and writes to. */
const DEMO_GROUP = 'Dagdienst';

const DE_LINDE = 'Apotheek De Linde';
const DE_BERK = 'Zorgcentrum De Berk';
const HET_ANKER = 'Zorgcentrum Het Anker';
const CENTRUM = 'Apotheek Centrum';
const GP = 'Huisartsenpraktijk Linde';
const TROMBOSE = 'Trombosedienst Midden';

/**
 * Who may write to which organisation's Dagdienst, and who reads their own (GroupsSendTo /
 * GroupsReceivesFrom). Every role writes to the partners it shares clients with: a care centre to its
 * pharmacy, GP practice and trombosis service; the trombosis service to the care centres it serves, their
 * GP practice and pharmacies.
 */
const DEMO_ADDRESSING: { username: string; receives: string; sendsTo: string[] }[] = [
  { username: 'verpleegkundige', receives: DE_BERK, sendsTo: [DE_LINDE, GP, DE_BERK, TROMBOSE] },
  { username: 'tweestaps', receives: DE_BERK, sendsTo: [DE_LINDE, GP, TROMBOSE] },
  { username: 'nieuw', receives: DE_BERK, sendsTo: [DE_LINDE, GP, TROMBOSE] },
  { username: 'beheerder', receives: DE_BERK, sendsTo: [DE_LINDE, GP, DE_BERK, TROMBOSE] },
  { username: 'apotheker', receives: DE_LINDE, sendsTo: [DE_BERK, GP, TROMBOSE] },
  { username: 'assistent', receives: DE_LINDE, sendsTo: [DE_BERK, GP, TROMBOSE] },
  { username: 'huisarts', receives: GP, sendsTo: [DE_BERK, DE_LINDE, TROMBOSE] },
  { username: 'praktijkbeheer', receives: GP, sendsTo: [DE_BERK, DE_LINDE, TROMBOSE] },
  { username: 'anker', receives: HET_ANKER, sendsTo: [CENTRUM, TROMBOSE] },
  { username: 'centrum', receives: CENTRUM, sendsTo: [HET_ANKER, TROMBOSE] },
  { username: 'trombose', receives: TROMBOSE, sendsTo: [DE_BERK, HET_ANKER, GP, DE_LINDE, CENTRUM] },
  { username: 'trombosebeheer', receives: TROMBOSE, sendsTo: [DE_BERK, HET_ANKER, GP, DE_LINDE, CENTRUM] },
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
  /** Index into De Berk's patients, 'critical' for the client of the week's critical INR value, or null. */
  patient: number | 'critical' | null;
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
  {
    to: 'Zorgcentrum De Berk',
    subject: 'Kritieke INR: twee dagen geen tabletten',
    patient: 'critical',
    priority: 'high',
    messages: [
      {
        from: 'trombose',
        ago: 60 * 24 * 3,
        body: 'De INR was kritiek hoog. Wilt u de komende twee dagen geen tabletten geven en letten op bloedingen? Het nieuwe schema staat in het portaal.',
      },
      {
        from: 'verpleegkundige',
        ago: 60 * 24 * 3 - 40,
        body: 'Genoteerd, we geven twee dagen niets en melden het als er iets opvalt.',
      },
    ],
    readBy: ['trombose', 'verpleegkundige'],
  },
  {
    to: 'Trombosedienst Midden',
    subject: 'Prikafspraak verplaatsen',
    patient: 1,
    priority: 'normal',
    messages: [
      {
        from: 'verpleegkundige',
        ago: 120,
        body: 'Mevrouw heeft morgenochtend een afspraak in het ziekenhuis. Kan de INR-controle een dag later?',
      },
    ],
    readBy: [],
  },
];

/**
 * The demo's communication groups per account and a few threads (some unread, one urgent about a client,
 * one from the trombosis service about the week's critical INR value).
 */
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
  // The client of the latest critical INR value at De Berk, and that value: the trombosis service's thread.
  const [critical] = await tx
    .select({ id: inrValues.id, patientId: inrValues.patientId })
    .from(inrValues)
    .innerJoin(patients, eq(patients.id, inrValues.patientId))
    .where(and(eq(patients.entityId, deBerk), eq(inrValues.interpretation, 'critical')))
    .orderBy(desc(inrValues.measuredAt))
    .limit(1);
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
        patientId:
          thread.patient === 'critical'
            ? (critical?.patientId ?? null)
            : thread.patient === null
              ? null
              : (clientRows[thread.patient]?.id ?? null),
        inrValueId: thread.patient === 'critical' ? (critical?.id ?? null) : null,
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
