import type { SystemClient } from '@zorgportaal/contract';
import type { SystemClientRow } from './queries/index.ts';

/** A system client as the API shows it: never its secret or the secret's hash. */
export const toSystemClient = (row: SystemClientRow): SystemClient => ({
  Id: row.id,
  Name: row.name,
  ClientId: row.clientId,
  Scopes: row.scopes,
  CreatedAt: row.createdAt.toISOString(),
  LastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  RevokedAt: row.revokedAt?.toISOString() ?? null,
});
