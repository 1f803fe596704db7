import { z } from 'zod';
import { bodyId, idSchema, multilineText, text } from './fields.ts';

/**
 * Communicatie (domain.md "Message"): threads between organisations linked in the care network,
 * addressed to a communication group of the receiving organisation (the sender's GroupsSendTo).
 * An account sees the threads it started or wrote in and those addressed to its GroupsReceivesFrom.
 */

export const MESSAGE_PRIORITIES = ['normal', 'high'] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];

/** Which threads a list shows: everything, only unread ones, or only threads about a patient (VP). */
export const THREAD_FILTERS = ['all', 'unread', 'patients'] as const;
export type ThreadFilter = (typeof THREAD_FILTERS)[number];

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;

const subject = text({ error: 'Vul een onderwerp in.' })
  .trim()
  .min(1, 'Vul een onderwerp in.')
  .max(SUBJECT_MAX, `Het onderwerp is te lang (maximaal ${SUBJECT_MAX} tekens).`);
const messageText = multilineText({ error: 'Schrijf een bericht.' })
  .trim()
  .min(1, 'Schrijf een bericht.')
  .max(MESSAGE_MAX, `Het bericht is te lang (maximaal ${MESSAGE_MAX} tekens).`);

/** POST /api/communication/threads: a new thread with its first message. */
export const threadCreateBodySchema = z.strictObject({
  RecipientGroupId: bodyId('Kies een ontvanger.'),
  Subject: subject,
  PatientId: bodyId('Kies een cliënt.').nullable().optional().default(null),
  /** The order the thread is about (optional); its client becomes the thread's client. */
  OrderId: bodyId('Kies een bestelling.').nullable().optional().default(null),
  /** The INR value the thread is about (optional); its client becomes the thread's client. */
  InrValueId: bodyId('Kies een INR-waarde.').nullable().optional().default(null),
  Priority: z.enum(MESSAGE_PRIORITIES, { error: 'Kies een prioriteit.' }).default('normal'),
  Body: messageText,
});
export type ThreadCreateBody = z.infer<typeof threadCreateBodySchema>;

/**
 * POST /api/communication/threads/{id}/messages: an answer in a thread. Its example is the API documentation's
 * and the body the isolation matrix sends.
 */
export const messageCreateBodySchema = z
  .strictObject({ Body: messageText })
  .meta({ examples: [{ Body: 'Graag een nieuwe Baxterrol voor mevrouw Jansen.' }] });
export type MessageCreateBody = z.infer<typeof messageCreateBodySchema>;

export const threadListQuerySchema = z.object({
  filter: z.enum(THREAD_FILTERS, { error: 'Onbekend filter.' }).optional(),
  patientId: idSchema.optional(),
});

/** A group the caller may write to, with its organisation. */
export const recipientSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  EntityId: z.number().int(),
  EntityName: z.string(),
});
export type Recipient = z.infer<typeof recipientSchema>;
export const recipientListSchema = z.object({ Rows: z.array(recipientSchema) });

export const threadSummarySchema = z.object({
  Id: z.number().int(),
  Subject: z.string(),
  Priority: z.enum(MESSAGE_PRIORITIES),
  PatientId: z.number().int().nullable(),
  PatientName: z.string().nullable(),
  /** The order the thread is about, if any. */
  OrderId: z.number().int().nullable(),
  /** The INR value the thread is about, if any: its value and when it was measured (ISO, UTC). */
  InrValue: z.object({ Id: z.number().int(), Value: z.number(), MeasuredAt: z.string() }).nullable(),
  FromEntityName: z.string(),
  FromName: z.string(),
  ToEntityName: z.string(),
  ToGroupName: z.string(),
  /** ISO date-time (UTC) of the newest message. */
  LastMessageAt: z.string(),
  MessageCount: z.number().int(),
  /** True when a message arrived after the caller last opened the thread. */
  Unread: z.boolean(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;
export const threadListSchema = z.object({ Rows: z.array(threadSummarySchema) });
export type ThreadList = z.infer<typeof threadListSchema>;

export const messageSchema = z.object({
  Id: z.number().int(),
  Body: z.string(),
  SentAt: z.string(),
  AuthorName: z.string(),
  AuthorEntityName: z.string(),
  /** Written by the caller. */
  Own: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

export const threadSchema = threadSummarySchema.extend({ Messages: z.array(messageSchema) });
export type Thread = z.infer<typeof threadSchema>;

export const unreadCountSchema = z.object({ Unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const streamTicketSchema = z.object({ Ticket: z.string() });
export const streamTicketQuerySchema = z.object({
  ticket: text({ error: 'Ongeldig ticket.' }).min(1, 'Ongeldig ticket.').max(500, 'Ongeldig ticket.'),
});
