import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  archiveAuditMonths,
  hasPartitionedAuditLog,
  oldestKeptMonth,
  parseMonth,
} from '../platform/audit-partitions.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { portalRunning } from '../platform/operations/control-channel.ts';
import { runCli } from './cli-support.ts';

const USAGE = 'Usage: npm run log:archive -- --before YYYY-MM [--out <dir>] [--drop]';

/**
 * npm run log:archive -- --before 2021-01 [--out <dir>] [--drop]: detaches the audit log's month partitions
 * before that month and older than AUDIT_RETENTION_MONTHS, writes each to `<out>/audit_log_YYYY_MM.csv`
 * (default `DATA_DIR/log-archive`) and, with --drop, drops the detached table once its file is complete.
 * Without AUDIT_RETENTION_MONTHS (keep everything) it archives nothing.
 */
runCli(async () => {
  const { values } = parseArgs({
    options: { before: { type: 'string' }, out: { type: 'string' }, drop: { type: 'boolean' } },
  });
  const before = values.before ? parseMonth(values.before) : null;
  if (!before) throw new Error(USAGE);
  const config = loadConfig();
  const retention = config.auditRetentionMonths;
  if (retention === undefined) {
    throw new Error(
      'AUDIT_RETENTION_MONTHS is not set: the whole audit log is kept (NEN 7513), nothing is archived.',
    );
  }
  if (!config.databaseUrl && (await portalRunning(config.dataDir))) {
    throw new Error(
      `A portal is running on ${config.dataDir}: stop it first (the embedded database has one user).`,
    );
  }
  const database = await openDatabase(config.databaseUrl ?? path.join(config.dataDir, 'pglite'));
  try {
    if (!(await hasPartitionedAuditLog(database.db))) {
      throw new Error(
        "This database has no partitioned audit log: is DATA_DIR or DATABASE_URL the portal's, and has the portal started once since its upgrade?",
      );
    }
    const outDir = path.resolve(values.out ?? path.join(config.dataDir, 'log-archive'));
    const archived = await archiveAuditMonths(database.db, {
      before,
      retentionMonths: retention,
      outDir,
      drop: values.drop ?? false,
    });
    console.log(
      `Retention ${retention} months: months from ${oldestKeptMonth(retention).slice(0, 7)} on stay in the database.`,
    );
    if (!archived.length) console.log('No month partition to archive.');
    for (const a of archived) {
      console.log(
        `${a.table}: ${a.rows} rows → ${a.file}${values.drop ? ' (table dropped)' : ' (detached, kept)'}`,
      );
    }
  } finally {
    await database.close();
  }
});
