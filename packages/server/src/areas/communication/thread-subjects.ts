import type { AuditObjectType } from '@zorgportaal/contract';
import type { Db } from '../../platform/db/client.ts';

/** What a thread may be about besides its client: the body field that names it. */
export type ThreadSubjectField = 'OrderId' | 'InrValueId';

/**
 * How the area that owns a kind of subject answers for it. Communication stores the subject's id and asks
 * its owner which client it concerns, so the areas that talk about things import communication and never
 * the other way round (orders and trombosis register here).
 */
export interface ThreadSubject {
  /** The audit object of a refused subject (404 and a `refused` entry). */
  objectType: AuditObjectType;
  /** The 400 message, on the subject's field, when it belongs to another client than the chosen one. */
  otherClient: string;
  /**
   * The subject's client (`patientId` null: none) when it exists and both organisations may talk about it;
   * undefined otherwise (the thread is refused).
   */
  clientOf(
    db: Db,
    id: number,
    between: { fromEntityId: number; toEntityId: number },
  ): Promise<{ patientId: number | null } | undefined>;
}

const subjects = new Map<ThreadSubjectField, ThreadSubject>();

/** The owning area registers its kind of subject once (registering again replaces it). */
export function registerThreadSubject(field: ThreadSubjectField, subject: ThreadSubject): void {
  subjects.set(field, subject);
}

/** The registered owner of a kind of subject; every kind of the contract has one once the app is built. */
export function threadSubject(field: ThreadSubjectField): ThreadSubject {
  const subject = subjects.get(field);
  if (!subject) throw new Error(`No area registered the thread subject ${field}.`);
  return subject;
}
