import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accounts } from './schema.ts';
import { entities } from '../../platform/db/schema/organisations.ts';

export const teams = pgTable('teams', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  entityId: integer()
    .notNull()
    .references(() => entities.id),
  name: text().notNull(),
});

export const accountTeams = pgTable(
  'account_teams',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    teamId: integer()
      .notNull()
      .references(() => teams.id),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.teamId] })],
);

/** Communication groups (spec Account.GroupsSendTo / GroupsReceivesFrom). */
export const groups = pgTable('groups', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  entityId: integer()
    .notNull()
    .references(() => entities.id),
  name: text().notNull(),
});

export const accountGroups = pgTable(
  'account_groups',
  {
    accountId: integer()
      .notNull()
      .references(() => accounts.id),
    groupId: integer()
      .notNull()
      .references(() => groups.id),
    entityId: integer()
      .notNull()
      .references(() => entities.id),
    canSend: boolean().notNull().default(false),
    canReceive: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.groupId] })],
);
