import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { documentFileChunks, documentFiles } from '../schema.ts';

/** An upload that broke off leaves an incomplete file; after this long nobody will finish it. */
const ABANDONED_AFTER_MINUTES = 60;

/** A new, incomplete file of the organisation; returns its id. */
export async function insertFile(db: Db, entityId: number): Promise<number> {
  const [row] = await db.insert(documentFiles).values({ entityId }).returning({ id: documentFiles.id });
  return row!.id;
}

export async function insertChunk(db: Db, fileId: number, seq: number, data: Uint8Array): Promise<void> {
  await db.insert(documentFileChunks).values({ fileId, seq, data });
}

/** The whole file's size and digest, once its last chunk is stored. */
export async function recordFileDigest(db: Db, fileId: number, size: number, sha256: string): Promise<void> {
  await db.update(documentFiles).set({ size, sha256 }).where(eq(documentFiles.id, fileId));
}

/** Removes an incomplete file (its chunks go with it); a file a version refers to stays. */
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

/** The next few chunks of a file from `seq` on, in order. */
export async function chunksFrom(
  db: Db,
  fileId: number,
  seq: number,
  limit: number,
): Promise<{ seq: number; data: Uint8Array }[]> {
  return db
    .select({ seq: documentFileChunks.seq, data: documentFileChunks.data })
    .from(documentFileChunks)
    .where(and(eq(documentFileChunks.fileId, fileId), gte(documentFileChunks.seq, seq)))
    .orderBy(asc(documentFileChunks.seq))
    .limit(limit);
}
