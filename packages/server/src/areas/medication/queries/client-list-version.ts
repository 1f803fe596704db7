import type { Db } from '../../../platform/db/client.ts';
import { preparedStatement } from '../../../platform/db/prepared.ts';

/**
 * The version of every client list of a scope: the sum of the counters of its care centres, which triggers move
 * in the same transaction as every change a list shows (client-list-versions-schema.ts). `$1` and `$2` are the
 * first two of patientScopeParams: the organisations seen whole and those reached only as GP (whose listed
 * clients are clients of those care centres too).
 */
const statement = preparedStatement<{ version: string }>(
  'medication_client_list_version',
  `select coalesce(sum(version), 0)::text as version from client_list_versions
   where entity_id in (select unnest($1::int[]) union select unnest($2::int[]))`,
);

export async function clientListVersion(db: Db, scopeValues: readonly unknown[]): Promise<string> {
  const [row] = await statement(db, scopeValues.slice(0, 2));
  return row!.version;
}
