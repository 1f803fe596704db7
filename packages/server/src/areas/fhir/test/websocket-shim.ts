/**
 * @medplum/core 5 refers to the global WebSocket when its module loads (its subscription manager), which
 * Node 20 does not have. The validator never opens a socket: a bare class satisfies the reference.
 * Imported before @medplum/core.
 */
const holder = globalThis as { WebSocket?: unknown };
holder.WebSocket ??= class WebSocketUnavailable {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  constructor() {
    throw new Error('WebSocket is not available in these tests.');
  }
};
