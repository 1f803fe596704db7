import type { SystemClient } from '@zorgportaal/contract';
import type { SystemClientRow } from './queries/index.ts';

/** A system client as the API shows it: never its secret or the secret's hash; of its keys only their ids. */
export const toSystemClient = (row: SystemClientRow): SystemClient => ({
  Id: row.id,
  Name: row.name,
  ClientId: row.clientId,
  Scopes: row.scopes,
  AuthMethod: row.authMethod,
  KeyIds: row.publicKeys?.keys.map((key) => key.kid ?? '').filter(Boolean) ?? [],
  CreatedAt: row.createdAt.toISOString(),
  LastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  RevokedAt: row.revokedAt?.toISOString() ?? null,
});
