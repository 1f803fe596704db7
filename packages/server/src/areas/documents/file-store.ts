import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { documentFileChunks, documentFiles } from './schema.ts';

/** One chunk row holds at most this much: an upload or a download never holds more than a chunk or two. */
export const CHUNK_BYTES = 256 * 1024;

/** An upload that broke off leaves an incomplete file; after this long nobody will finish it. */
const ABANDONED_AFTER_MINUTES = 60;

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
 * was written. The file stays incomplete until `markComplete` runs in the transaction that uses it.
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
        const [row] = await db.insert(documentFiles).values({ entityId }).returning({ id: documentFiles.id });
        fileId = row!.id;
      }
      await db.insert(documentFileChunks).values({ fileId: fileId!, seq, data: chunk });
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
    await db.update(documentFiles).set({ size, sha256 }).where(eq(documentFiles.id, fileId));
    return { fileId, size, sha256, kind };
  } catch (error) {
    if (fileId !== undefined) await discardFile(db, fileId);
    throw error;
  }
}

export async function discardFile(db: Db, fileId: number): Promise<void> {
  await db.delete(documentFiles).where(and(eq(documentFiles.id, fileId), eq(documentFiles.complete, false)));
}

/** Removes files whose upload broke off (a crash between chunks and the version row). */
export async function discardAbandonedFiles(db: Db): Promise<void> {
  await db
    .delete(documentFiles)
    .where(
      and(
        eq(documentFiles.complete, false),
        lt(documentFiles.createdAt, sql`now() - make_interval(mins => ${ABANDONED_AFTER_MINUTES})`),
      ),
    );
}

/** Streams a stored file out one chunk at a time. */
export function readFile(db: Db, fileId: number): Readable {
  async function* chunks() {
    let seq = 0;
    for (;;) {
      const rows = await db
        .select({ seq: documentFileChunks.seq, data: documentFileChunks.data })
        .from(documentFileChunks)
        .where(and(eq(documentFileChunks.fileId, fileId), gte(documentFileChunks.seq, seq)))
        .orderBy(asc(documentFileChunks.seq))
        .limit(4);
      if (rows.length === 0) return;
      for (const row of rows) yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
      seq = rows[rows.length - 1]!.seq + 1;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
