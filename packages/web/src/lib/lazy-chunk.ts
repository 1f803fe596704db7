import { LAZY_CHUNK_TIMEOUT_MS } from '@zorgportaal/contract';

/** A lazy script or style chunk that failed to load or did not arrive in time (spec §7, §8). */
export class ChunkLoadError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Loads a lazy chunk, failing with ChunkLoadError after LAZY_CHUNK_TIMEOUT_MS (120 s). */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = LAZY_CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading a chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('Loading a chunk failed', error));
      },
    );
  });
}

const CHUNK_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i;

export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
