import type { FormErrors } from '@mantine/form';
import {
  messageCreateBodySchema,
  threadCreateBodySchema,
  type MessagePriority,
  type ThreadCreateBody,
} from '@zorgportaal/contract';
import type { TFunction } from 'i18next';
import { issuesByPath } from '../../../lib/form.ts';
import type { MessageSubject } from '../../../lib/live-messages.ts';

/** The compose form: selects hold ids as strings; `threadBody` turns it into the request body. */
export interface ComposeValues {
  RecipientGroupId: string | null;
  PatientId: string | null;
  /** Set when another screen opened the dialog about an order or an INR value. */
  OrderId: number | null;
  InrValueId: number | null;
  Priority: MessagePriority;
  Subject: string;
  Body: string;
}

/** An empty message, or one about the order or INR value another screen opened it for. */
export const emptyCompose = (subject: MessageSubject | null = null, defaultSubject = ''): ComposeValues => ({
  RecipientGroupId: null,
  PatientId: subject?.PatientId ? String(subject.PatientId) : null,
  OrderId: subject?.OrderId ?? null,
  InrValueId: subject?.InrValueId ?? null,
  Priority: 'normal',
  Subject: defaultSubject,
  Body: '',
});

export const threadBody = (values: ComposeValues) => ({
  RecipientGroupId: values.RecipientGroupId === null ? undefined : Number(values.RecipientGroupId),
  PatientId: values.PatientId === null ? null : Number(values.PatientId),
  OrderId: values.OrderId,
  InrValueId: values.InrValueId,
  Priority: values.Priority,
  Subject: values.Subject,
  Body: values.Body,
});

/** The contract's messages are Dutch; the form shows its own translation per field. */
const messages = (t: TFunction): Record<string, string> => ({
  RecipientGroupId: t('communication.errors.recipient', 'Kies een ontvanger.'),
  Subject: t('communication.errors.subject', 'Vul een onderwerp in (maximaal 200 tekens).'),
  Body: t('communication.errors.body', 'Schrijf een bericht (maximaal 5000 tekens).'),
  PatientId: t('communication.errors.patient', 'Kies een cliënt.'),
  Priority: t('communication.errors.priority', 'Kies een prioriteit.'),
});

/** Checks the body it would send with the contract schema the server runs. */
export function validateCompose(t: TFunction, values: ComposeValues): FormErrors {
  const parsed = threadCreateBodySchema.safeParse(threadBody(values));
  if (parsed.success) return {};
  const byPath = issuesByPath(parsed.error.issues);
  const translated = messages(t);
  return Object.fromEntries(Object.keys(byPath).map((path) => [path, translated[path] ?? byPath[path]!]));
}

export function validateAnswer(t: TFunction, values: { Body: string }): FormErrors {
  return messageCreateBodySchema.safeParse(values).success ? {} : { Body: messages(t).Body };
}

export const parsedThreadBody = (values: ComposeValues): ThreadCreateBody =>
  threadCreateBodySchema.parse(threadBody(values));
