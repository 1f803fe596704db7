/**
 * The offline queue's state machine (pure: no IndexedDB, no fetch). A write made without a connection is
 * an item: `queued` → `sending` → `acknowledged` (the server took it; the item is then removed),
 * `conflict` (409: a colleague registered the moment meanwhile; the nurse chooses), `rejected` (another
 * refusal that sending again will not change) or `failed` (no answer, a 5xx, no session: sent again later).
 * docs/offline.md describes the rules.
 */
export type QueueState = 'queued' | 'sending' | 'acknowledged' | 'conflict' | 'rejected' | 'failed';

export interface QueueItem<Body = unknown> {
  /** IndexedDB's auto-increment key: the order in which the taps were made and are sent. */
  seq?: number;
  /** The Idempotency-Key (a UUID made once for this write): every attempt sends the same. */
  key: string;
  /** The account that made it: only that account's session sends or shows it. */
  accountId: number;
  method: 'POST';
  path: string;
  body: Body;
  /** The time of the tap (epoch ms). */
  createdAt: number;
  state: QueueState;
  attempts: number;
  /** The server's answer to a conflict or refusal (its error body), shown to the nurse. */
  answer?: unknown;
  /** What the screen needs to place the item (e.g. the moment's key); never patient names. */
  meta: Record<string, string | number | boolean | null>;
}

export type QueueEvent =
  | { type: 'send' }
  | { type: 'acknowledged' }
  | { type: 'conflict'; answer: unknown }
  | { type: 'rejected'; answer: unknown }
  | { type: 'failed' }
  /** A tab closed while sending: the item is sent again (same key, so never twice). */
  | { type: 'recover' };

export class IllegalTransition extends Error {
  constructor(state: QueueState, event: QueueEvent['type']) {
    super(`Queue item in state ${state} cannot take ${event}`);
    this.name = 'IllegalTransition';
  }
}

/** Which states each event may leave from; anything else is a bug in the sender. */
const FROM: Record<QueueEvent['type'], readonly QueueState[]> = {
  send: ['queued', 'failed'],
  acknowledged: ['sending'],
  conflict: ['sending'],
  rejected: ['sending'],
  failed: ['sending'],
  recover: ['sending'],
};

const TO: Record<QueueEvent['type'], QueueState> = {
  send: 'sending',
  acknowledged: 'acknowledged',
  conflict: 'conflict',
  rejected: 'rejected',
  failed: 'failed',
  recover: 'queued',
};

export function transition<Body>(item: QueueItem<Body>, event: QueueEvent): QueueItem<Body> {
  if (!FROM[event.type].includes(item.state)) throw new IllegalTransition(item.state, event.type);
  const next: QueueItem<Body> = { ...item, state: TO[event.type] };
  if (event.type === 'send') next.attempts = item.attempts + 1;
  if (event.type === 'conflict' || event.type === 'rejected') next.answer = event.answer;
  return next;
}

/**
 * What an attempt's outcome means for the item: `status` null when no answer came (offline, network).
 * 401 stays retryable: the session expired and the same account sends it after logging in again.
 */
export function eventOfAnswer(status: number | null, body: unknown): QueueEvent {
  if (status === null) return { type: 'failed' };
  if (status >= 200 && status < 300) return { type: 'acknowledged' };
  if (status === 409) return { type: 'conflict', answer: body };
  if (status === 401 || status === 408 || status === 429 || status >= 500) return { type: 'failed' };
  return { type: 'rejected', answer: body };
}

/** Still to be sent (in order): waiting, or failed and to be tried again. */
export const isWaiting = (item: Pick<QueueItem, 'state'>): boolean =>
  item.state === 'queued' || item.state === 'failed' || item.state === 'sending';

/** Waiting for the nurse's choice (a conflict or a refusal). */
export const needsChoice = (item: Pick<QueueItem, 'state'>): boolean =>
  item.state === 'conflict' || item.state === 'rejected';

/** The items a run sends, in tap order. */
export const sendable = <Body>(items: readonly QueueItem<Body>[]): QueueItem<Body>[] =>
  items.filter((item) => item.state === 'queued' || item.state === 'failed');

/** The wait before the next automatic try after `attempts` failed ones: 5 s doubling to a minute. */
export const retryDelay = (attempts: number): number =>
  Math.min(60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
