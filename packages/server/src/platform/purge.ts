import type { Tx } from './db/client.ts';

/** The person being purged, with what the steps need to find their data (read before anything is erased). */
export interface PurgeSubject {
  personId: number;
  entityId: number;
  /** The person's accounts, with the e-mail addresses they had. */
  accounts: readonly { id: number; emailAddresses: readonly string[] }[];
  /** The person's patient rows (at most one: a client's care data hangs on it), for the care areas. */
  patientIds: readonly number[];
}

/** Erases or anonymises one area's personal data of the subject, inside the purge's transaction. */
export type PurgeStep = (tx: Tx, subject: PurgeSubject) => Promise<void>;

const steps = new Map<string, PurgeStep>();

/**
 * Every area that stores personal data registers here what a person's purge ("definitief verwijderen"
 * from the trash can) must erase or anonymise in its tables, so a new area cannot forget it. Rows stay
 * where other rows or the audit log refer to them by id (NEN 7513); their personal fields are cleared.
 * One step per area: registering an area again replaces its step. Steps run in registration order.
 * Returns the step's removal (tests that add an area of their own take it away again).
 */
export function registerPurge(area: string, step: PurgeStep): () => void {
  steps.set(area, step);
  return () => {
    if (steps.get(area) === step) steps.delete(area);
  };
}

/** The areas with a purge step, in the order they run. */
export const purgeAreas = (): string[] => [...steps.keys()];

/** Runs every registered step for the subject; one failing step rolls back the whole purge. */
export async function runPurge(tx: Tx, subject: PurgeSubject): Promise<void> {
  for (const step of steps.values()) await step(tx, subject);
}
