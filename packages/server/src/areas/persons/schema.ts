import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { entities } from '../../platform/db/schema/organisations.ts';

/** Anyone, staff or client (spec §3 Person). Name parts are columns so lists can sort and search on them. */
export const persons = pgTable(
  'persons',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    firstNames: text().notNull(),
    lastNamePrefix: text(),
    lastName: text().notNull(),
    partnerPrefix: text(),
    partnerLastName: text(),
    dateOfBirth: date({ mode: 'string' }),
    customerName: text(),
    avatar: text(),
    /**
     * The photo's version, written by the database whenever `avatar` is (trigger `persons_avatar_version`,
     * migration 0038): what the Toedienlijst shows in a photo's URL, so building a ward's list reads 16
     * characters per client instead of detoasting and hashing every photo (up to 300 KB each).
     * The same value as `photoVersion(avatar)` (administration/photo-version.ts).
     */
    avatarVersion: text(),
    active: boolean().notNull().default(true),
    deleted: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }),
    /** Trash can (Prullenbak): when and by which account the person was deleted. */
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: integer(),
    /** Purged for good: the personal data is erased, the row stays for the audit log's references. */
    purgedAt: timestamp({ withTimezone: true }),
    /**
     * Lower-case name parts for the list's search. A plain LIKE over this short column stays fast at
     * 100k persons without pg_trgm (an extension PGlite would have to load explicitly).
     */
    searchText: text().generatedAlwaysAs(
      sql`lower(first_names || ' ' || coalesce(last_name_prefix, '') || ' ' || last_name || ' ' || coalesce(partner_prefix, '') || ' ' || coalesce(partner_last_name, ''))`,
    ),
  },
  (t) => [
    index().on(t.entityId, t.lastName),
    // The list's default order (name) and the date-of-birth order, over the live (not deleted) persons.
    // The raw name columns at the end make the name index covering: PostgreSQL only plans an index-only
    // scan for `order by lower(last_name)` when last_name itself is in the index, and deep pages read
    // their ids with an index-only scan (person-list.ts).
    index('persons_live_name_keyset_idx')
      .on(t.entityId, sql`lower(${t.lastName})`, sql`lower(${t.firstNames})`, t.id, t.lastName, t.firstNames)
      .where(sql`not ${t.deleted}`),
    index('persons_live_dob_idx')
      .on(t.entityId, t.dateOfBirth, t.id)
      .where(sql`not ${t.deleted}`),
    // Read backwards the index above puts missing dates first; the list wants them last both ways.
    index('persons_live_dob_desc_idx')
      .on(t.entityId, t.dateOfBirth.desc().nullsLast(), t.id.desc())
      .where(sql`not ${t.deleted}`),
    index('persons_trash_idx')
      .on(t.entityId, t.deletedAt)
      .where(sql`${t.deleted} and ${t.purgedAt} is null`),
  ],
);
