import { useSyncExternalStore } from 'react';

/**
 * What the network is doing, for the header: requests in flight (the progress bar), whether one
 * has taken long (the "verbinding is traag" message) and whether the connection is gone (the
 * browser says offline, or a request failed without an answer; the next answer clears it).
 * `lib/http.ts` reports every API request here; nothing else in the client depends on it.
 */
export interface NetworkState {
  /** Requests without an answer yet. */
  pending: number;
  /** A request has waited longer than SLOW_AFTER_MS. */
  slow: boolean;
  offline: boolean;
}

/** After this long without an answer a request counts as slow. */
export const SLOW_AFTER_MS = 3000;

const inFlight = new Map<number, number>();
let sequence = 0;
let failedWithoutAnswer = false;
let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
let state: NetworkState = { pending: 0, slow: false, offline: browserOffline };
const listeners = new Set<() => void>();

function update(now = Date.now()): void {
  let slow = false;
  for (const startedAt of inFlight.values()) if (now - startedAt >= SLOW_AFTER_MS) slow = true;
  const next = { pending: inFlight.size, slow, offline: browserOffline || failedWithoutAnswer };
  if (next.pending === state.pending && next.slow === state.slow && next.offline === state.offline) return;
  state = next;
  for (const listener of listeners) listener();
}

/** How a request ended: an answer (any status), no answer (network failure), or aborted by us. */
export type RequestEnd = 'answered' | 'failed' | 'aborted';

/** A request starts; call the returned function when it ends. */
export function requestStarted(): (end: RequestEnd) => void {
  sequence += 1;
  const id = sequence;
  inFlight.set(id, Date.now());
  const slowCheck = setTimeout(() => update(), SLOW_AFTER_MS);
  update();
  return (end) => {
    clearTimeout(slowCheck);
    inFlight.delete(id);
    // An abort says nothing about the connection.
    if (end !== 'aborted') failedWithoutAnswer = end === 'failed';
    update();
  };
}

/**
 * Forgets every request and failure seen so far. For the tests: their files share this module (one worker),
 * and a request a file left unanswered must not make the next file's screens slow or offline.
 */
export function resetNetworkState(): void {
  inFlight.clear();
  failedWithoutAnswer = false;
  browserOffline = false;
  update();
}

/** The browser's own online/offline events (navigator.onLine). */
export function setBrowserOnline(online: boolean): void {
  browserOffline = !online;
  if (online) failedWithoutAnswer = false;
  update();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => setBrowserOnline(true));
  window.addEventListener('offline', () => setBrowserOnline(false));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export const getNetworkState = (): NetworkState => state;

export const useNetworkState = (): NetworkState => useSyncExternalStore(subscribe, getNetworkState);

const hasTrouble = () => state.offline || state.slow;

/**
 * Only whether the connection is gone or slow: a component that shows no request count (the signed-in
 * layout) then renders again when that changes, not at the start and end of every request.
 */
export const useConnectionTrouble = (): boolean => useSyncExternalStore(subscribe, hasTrouble);
