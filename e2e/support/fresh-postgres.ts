import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inTestTablespace } from '../../packages/server/test/helpers/test-tablespace.ts';

/** A fresh PostgreSQL database of this run on the server of `adminUrl`, and how to drop it again. */
export async function freshPostgres(adminUrl: string) {
  const name = `zp_e2e_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}${inTestTablespace()}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
