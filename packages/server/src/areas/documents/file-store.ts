import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../../platform/db/client.ts';
import { chunksFrom, discardFile, insertChunk, insertFile, recordFileDigest } from './queries/index.ts';

/** One chunk row holds at most this much: an upload or a download never holds more than a chunk or two. */
export const CHUNK_BYTES = 256 * 1024;

export interface StoredFile {
  fileId: number;
  size: number;
  sha256: string;
  /** What `inspect` returned for the first chunk. */
  kind: string;
}

/**
 * Streams an upload into the database chunk by chunk. `inspect` sees the first chunk (the whole file
 * when it is small) before anything is written and throws to refuse the file; any error removes what
 * was written. The file stays incomplete until the version that uses it is stored (`createDocument` and
 * `addVersion` mark it complete in their transaction).
 */
export async function storeFile(
  db: Db,
  entityId: number,
  source: AsyncIterable<Buffer>,
  inspect: (head: Buffer) => Promise<string>,
): Promise<StoredFile> {
  let fileId: number | undefined;
  const hash = createHash('sha256');
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  let seq = 0;
  let kind: string | undefined;

  const flush = async (final: boolean) => {
    while (pendingBytes >= CHUNK_BYTES || (final && pendingBytes > 0)) {
      const all = Buffer.concat(pending);
      const chunk = all.subarray(0, CHUNK_BYTES);
      const rest = all.subarray(chunk.length);
      pending = rest.length ? [rest] : [];
      pendingBytes = rest.length;
      if (kind === undefined) {
        kind = await inspect(chunk);
        fileId = await insertFile(db, entityId);
      }
      await insertChunk(db, fileId!, seq, chunk);
      seq += 1;
    }
  };

  try {
    for await (const piece of source) {
      hash.update(piece);
      size += piece.length;
      pending.push(piece);
      pendingBytes += piece.length;
      await flush(false);
    }
    await flush(true);
    if (kind === undefined) kind = await inspect(Buffer.alloc(0));
    if (fileId === undefined) throw new Error('empty file');
    const sha256 = hash.digest('hex');
    await recordFileDigest(db, fileId, size, sha256);
    return { fileId, size, sha256, kind };
  } catch (error) {
    if (fileId !== undefined) await discardFile(db, fileId);
    throw error;
  }
}

/** Streams a stored file out one chunk at a time. */
export function readFile(db: Db, fileId: number): Readable {
  async function* chunks() {
    let seq = 0;
    for (;;) {
      const rows = await chunksFrom(db, fileId, seq, 4);
      if (rows.length === 0) return;
      for (const row of rows) yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      seq = rows[rows.length - 1]!.seq + 1;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
