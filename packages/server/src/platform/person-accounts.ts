import type { Account } from '@zorgportaal/contract';
import type { Db, Tx } from './db/client.ts';

/**
 * The port through which the persons area reaches a person's accounts. Accounts sit above persons (an
 * account belongs to a person), so the persons area cannot import them; the accounts area registers the
 * implementation when the app registers it.
 */
export interface PersonAccounts {
  /** The person's live account in the spec's Account shape (the person form shows it), or null. */
  accountOf(db: Db, personId: number): Promise<Account | null>;
  /**
   * Deactivates the person's accounts in the entity and ends all their sessions, inside the transaction
   * that moves the person to the trash can; returns their ids (to forget in the caller cache afterwards).
   */
  deactivateAll(tx: Tx, personId: number, entityId: number): Promise<number[]>;
}

let registered: PersonAccounts | null = null;

/** Called by the accounts area's plugin; registering again (another app in the same process) replaces it. */
export function registerPersonAccounts(port: PersonAccounts): void {
  registered = port;
}

/** The registered implementation. */
export function personAccounts(): PersonAccounts {
  if (!registered)
    throw new Error('No accounts area registered: platform/person-accounts.ts has no implementation');
  return registered;
}
