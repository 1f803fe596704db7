import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/schema.ts';
import { entities } from '../../platform/db/schema/organisations.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** A document (domain.md "Documents"): title and category; its files are its versions. */
export const documents = pgTable(
  'documents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    title: text().notNull(),
    category: text({ enum: ['protocol', 'handleiding', 'formulier', 'overig'] }).notNull(),
    /** Shared with the organisations linked to the owner by an active network link (either direction). */
    shared: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: integer().references(() => accounts.id),
    /** Soft delete (Prullenbak): when and by which account. */
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: integer().references(() => accounts.id),
    /** Lower-case title for the search. */
    searchText: text().generatedAlwaysAs(sql`lower(title)`),
  },
  (t) => [index().on(t.entityId, t.category)],
);

/**
 * The stored file of a version, in the database (PGlite and PostgreSQL alike, any number of instances).
 * Written in chunks while the upload streams in; `complete` turns true when the version row points at it,
 * so an upload that broke off leaves only incomplete files, which the clean-up removes.
 */
export const documentFiles = pgTable('document_files', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  entityId: integer()
    .notNull()
    .references(() => entities.id),
  size: integer().notNull().default(0),
  sha256: text(),
  complete: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Chunks of at most DOCUMENT_CHUNK_BYTES; read back one at a time when a download streams out. */
export const documentFileChunks = pgTable(
  'document_file_chunks',
  {
    fileId: integer()
      .notNull()
      .references(() => documentFiles.id, { onDelete: 'cascade' }),
    seq: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

/** Every upload of a document is a new version; older versions stay downloadable. */
export const documentVersions = pgTable(
  'document_versions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    documentId: integer()
      .notNull()
      .references(() => documents.id),
    version: integer().notNull(),
    fileId: integer()
      .notNull()
      .references(() => documentFiles.id),
    fileName: text().notNull(),
    /** Sniffed from the content, never taken from the name or the client's Content-Type. */
    contentType: text().notNull(),
    size: integer().notNull(),
    uploadedBy: integer().references(() => accounts.id),
    uploadedByName: text().notNull(),
    uploadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.documentId, t.version)],
);
