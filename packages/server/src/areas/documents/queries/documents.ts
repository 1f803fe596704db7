import type { DocumentFields, DocumentListQuery, DocumentUpdate } from '@zorgportaal/contract';
import { and, asc, desc, eq, inArray, isNull, like, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { registerPurge } from '../../../platform/purge.ts';
import { entities, networkLinks } from '../../../platform/db/schema/organisations.ts';
import { PURGED_NAME, personNameSql } from '../../persons/public.ts';
import { persons } from '../tables.ts';
import type { Caller } from '../../../platform/types.ts';
import { documentFiles, documents, documentVersions } from '../schema.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type VersionRow = typeof documentVersions.$inferSelect;

/**
 * The organisations linked to the caller's by an active network link, in either direction (its pharmacy,
 * GP practice, trombosis service, the care centres it serves): their shared documents are visible.
 */
async function partnerIds(db: Db, caller: Caller): Promise<number[]> {
  const rows = await db
    .select({ from: networkLinks.fromEntityId, to: networkLinks.toEntityId })
    .from(networkLinks)
    .where(
      and(
        eq(networkLinks.active, true),
        or(eq(networkLinks.fromEntityId, caller.entityId), eq(networkLinks.toEntityId, caller.entityId)),
      ),
    );
  const ids = rows.map((r) => (r.from === caller.entityId ? r.to : r.from));
  return [...new Set(ids)].filter((id) => id !== caller.entityId);
}

/** Own documents, and the shared ones of the organisations linked to the caller's in the network. */
async function visibleWhere(db: Db, caller: Caller): Promise<SQL> {
  const partners = await partnerIds(db, caller);
  const own = eq(documents.entityId, caller.entityId);
  const scope = partners.length
    ? or(own, and(inArray(documents.entityId, partners), eq(documents.shared, true)))!
    : own;
  return and(scope, isNull(documents.deletedAt))!;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface ListedDocument {
  document: DocumentRow;
  entityName: string;
  version: VersionRow;
}

/** The latest version per document, joined in one query. */
const latestVersion = sql`${documentVersions.version} = (select max(v.version) from document_versions v where v.document_id = ${documents.id})`;

export async function listDocuments(
  db: Db,
  caller: Caller,
  query: DocumentListQuery,
): Promise<ListedDocument[]> {
  const conditions = [await visibleWhere(db, caller), latestVersion];
  if (query.q) conditions.push(like(documents.searchText, `%${escapeLike(query.q.toLowerCase())}%`));
  if (query.category) conditions.push(eq(documents.category, query.category));
  return db
    .select({ document: documents, entityName: entities.name, version: documentVersions })
    .from(documents)
    .innerJoin(entities, eq(entities.id, documents.entityId))
    .innerJoin(documentVersions, eq(documentVersions.documentId, documents.id))
    .where(and(...conditions))
    .orderBy(asc(documents.category), asc(documents.searchText), asc(documents.id))
    .limit(1000);
}

/** A visible document with all its versions (newest first), or undefined (missing, deleted or not visible). */
export async function findDocument(
  db: Db,
  caller: Caller,
  id: number,
): Promise<{ document: DocumentRow; entityName: string; versions: VersionRow[] } | undefined> {
  const [row] = await db
    .select({ document: documents, entityName: entities.name })
    .from(documents)
    .innerJoin(entities, eq(entities.id, documents.entityId))
    .where(and(eq(documents.id, id), await visibleWhere(db, caller)));
  if (!row) return undefined;
  const versions = await db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.documentId, id))
    .orderBy(desc(documentVersions.version));
  return { ...row, versions };
}

/** The display name of the uploader: the person's name, else the username. */
export async function uploaderName(db: Db, caller: Caller): Promise<string> {
  if (caller.personId == null) return caller.username;
  const [person] = await db
    .select({ name: personNameSql(persons, caller.username) })
    .from(persons)
    .where(eq(persons.id, caller.personId));
  return person?.name ?? caller.username;
}

export interface NewVersion {
  fileId: number;
  fileName: string;
  contentType: string;
  size: number;
  uploadedByName: string;
}

/** Creates the document and its first version, and marks the stored file complete, in one transaction. */
export async function createDocument(
  db: Db,
  caller: Caller,
  fields: DocumentFields,
  file: NewVersion,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .insert(documents)
      .values({
        entityId: caller.entityId,
        title: fields.Title,
        category: fields.Category,
        shared: fields.Shared,
        createdBy: caller.accountId,
      })
      .returning({ id: documents.id });
    await tx.insert(documentVersions).values({
      documentId: doc!.id,
      version: 1,
      uploadedBy: caller.accountId,
      ...file,
    });
    await tx.update(documentFiles).set({ complete: true }).where(eq(documentFiles.id, file.fileId));
    return doc!.id;
  });
}

/** Adds the next version (the unique index keeps two simultaneous uploads from taking one number). */
export async function addVersion(
  db: Db,
  caller: Caller,
  documentId: number,
  file: NewVersion,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [latest] = await tx
      .select({ n: max(documentVersions.version) })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, documentId));
    const version = (latest?.n ?? 0) + 1;
    await tx.insert(documentVersions).values({
      documentId,
      version,
      uploadedBy: caller.accountId,
      ...file,
    });
    await tx.update(documentFiles).set({ complete: true }).where(eq(documentFiles.id, file.fileId));
    return version;
  });
}

/** Changes title, category or sharing of an own, live document; returns false when there is none. */
export async function updateDocument(
  db: Db,
  caller: Caller,
  id: number,
  fields: DocumentUpdate,
): Promise<boolean> {
  const rows = await db
    .update(documents)
    .set({ title: fields.Title, category: fields.Category, shared: fields.Shared })
    .where(and(eq(documents.id, id), eq(documents.entityId, caller.entityId), isNull(documents.deletedAt)))
    .returning({ id: documents.id });
  return rows.length > 0;
}

/** Moves an own, live document to the trash (soft delete); returns false when there is none. */
export async function deleteDocument(db: Db, caller: Caller, id: number): Promise<boolean> {
  const rows = await db
    .update(documents)
    .set({ deletedAt: sql`now()`, deletedBy: caller.accountId })
    .where(and(eq(documents.id, id), eq(documents.entityId, caller.entityId), isNull(documents.deletedAt)))
    .returning({ id: documents.id });
  return rows.length > 0;
}

/** Takes an own document back out of the trash; returns false when there is none. */
export async function restoreDocument(db: Db, caller: Caller, id: number): Promise<boolean> {
  const rows = await db
    .update(documents)
    .set({ deletedAt: null, deletedBy: null })
    .where(
      and(
        eq(documents.id, id),
        eq(documents.entityId, caller.entityId),
        sql`${documents.deletedAt} is not null`,
      ),
    )
    .returning({ id: documents.id });
  return rows.length > 0;
}

/** The caller's organisation's deleted documents (the Prullenbak), newest deletion first. */
export async function deletedDocuments(db: Db, caller: Caller): Promise<ListedDocument[]> {
  return db
    .select({ document: documents, entityName: entities.name, version: documentVersions })
    .from(documents)
    .innerJoin(entities, eq(entities.id, documents.entityId))
    .innerJoin(documentVersions, eq(documentVersions.documentId, documents.id))
    .where(
      and(eq(documents.entityId, caller.entityId), sql`${documents.deletedAt} is not null`, latestVersion),
    )
    .orderBy(desc(documents.deletedAt))
    .limit(1000);
}

/**
 * A purged person's uploads stay (they are the organisation's documents); the name copied onto each version
 * goes. Documents hold no client data: they are protocols, manuals and forms.
 */
registerPurge('documents', async (tx, { accounts }) => {
  if (accounts.length === 0) return;
  await tx
    .update(documentVersions)
    .set({ uploadedByName: PURGED_NAME })
    .where(
      inArray(
        documentVersions.uploadedBy,
        accounts.map((a) => a.id),
      ),
    );
});
