import { loadChunk } from './lazy-chunk.ts';

/**
 * A module loaded on first use and then held, for code a page needs only once the user acts (a form's
 * validation): `load` fetches it once, `current` answers synchronously after that.
 */
export function lazyModule<T>(importer: () => Promise<T>) {
  let pending: Promise<T> | undefined;
  let loaded: T | undefined;
  const load = (): Promise<T> => {
    pending ??= loadChunk(importer).then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined; // a later attempt may succeed (a flaky network)
        throw error;
      },
    );
    return pending;
  };
  return {
    load,
    /** Starts loading without waiting (a failure is retried by the next `load`). */
    preload: () => void load().catch(() => undefined),
    current: (): T | undefined => loaded,
  };
}
