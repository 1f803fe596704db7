import { getNetworkState } from '../network-state.ts';

/** No connection: the browser says so, or the last request got no answer (cleared by the next answer). */
export const isOffline = (): boolean =>
  (typeof navigator !== 'undefined' && navigator.onLine === false) || getNetworkState().offline;
