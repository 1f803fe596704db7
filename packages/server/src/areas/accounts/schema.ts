import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { entities } from '../../platform/db/schema/organisations.ts';
import { persons } from '../persons/schema.ts';

/** Roles bundle permission names. `entityId` null = a global default role (DEFAULT_ROLES). */
export const roles = pgTable('roles', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  entityId: integer().references(() => entities.id),
  name: text().notNull(),
  permissions: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});

export const accounts = pgTable(
  'accounts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    personId: integer().references(() => persons.id),
    username: text().notNull(),
    passwordHash: text().notNull(),
    active: boolean().notNull().default(true),
    activeFrom: timestamp({ withTimezone: true }),
    activeUntil: timestamp({ withTimezone: true }),
    deleted: boolean().notNull().default(false),
    emailAddresses: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    employeeNumber: text(),
    lastLogin: timestamp({ withTimezone: true }),
    mustChangePassword: boolean().notNull().default(false),
    totpSecretEncrypted: text(),
    totpEnabled: boolean().notNull().default(false),
    /** Last accepted TOTP time step: each code is accepted once (ASVS 6.5.1). */
    totpLastStep: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // Usernames are unique regardless of case, so "Apotheker" cannot shadow "apotheker".
  (t) => [
    uniqueIndex('accounts_username_lower_idx').on(sql`lower(${t.username})`),
    index().on(t.entityId),
    index('accounts_person_idx').on(t.personId),
  ],
);

export const accountRoles = pgTable(
  'account_roles',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    roleId: integer()
      .notNull()
      .references(() => roles.id),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.roleId] })],
);

/** Product subscriptions: a login needs one for the product it asks for (spec: product id 1). */
export const accountSubscriptions = pgTable(
  'account_subscriptions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    productId: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.accountId)],
);
