import type { Tx } from './db/client.ts';

/** A medication agreement that was started, changed (ended and replaced) or stopped. */
export interface AgreementChange {
  kind: 'started' | 'changed' | 'stopped';
  /** The agreement concerned: the new one for `started`, the replaced or stopped one otherwise. */
  agreementId: number;
  patientId: number;
  /** The agreement's distribution form, or the old or new one's for a change when either is `gds`. */
  distributionForms: readonly string[];
  /** The moment the change takes effect (start of the new agreement, end of the old one). */
  at: Date;
  /** Account that made the change. */
  by: number;
}

/** Reacts to an agreement change inside the change's transaction (throwing rolls the change back). */
export type AgreementChangeListener = (tx: Tx, change: AgreementChange) => Promise<void>;

const listeners = new Map<string, AgreementChangeListener>();

/**
 * Areas that keep something derived from medication agreements (the Baxter rolls) register here what
 * must happen when an agreement starts, changes or stops, so the medication area needs no knowledge of
 * them. One listener per area: registering an area again replaces it. Listeners run in registration order.
 */
export function onAgreementChange(area: string, listener: AgreementChangeListener): void {
  listeners.set(area, listener);
}

/** Runs every registered listener, inside the caller's transaction. */
export async function agreementChanged(tx: Tx, change: AgreementChange): Promise<void> {
  for (const listener of listeners.values()) await listener(tx, change);
}
