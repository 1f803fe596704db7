import type { Db } from '../../platform/db/client.ts';
import { openSecret } from '../../platform/secret-box.ts';
import { integrationSecretContext, startReport, type IntegrationRow } from './queries/index.ts';

/** What every run needs: the platform secret, the allowed hosts, and who started it (null: the scheduler). */
export interface RunOptions {
  secretKey: string;
  allowedHosts: readonly string[];
  accountId: number | null;
  accountName: string;
}

/** Starts a run of any type: its report is written first, so a run that breaks off still has one. */
export const startRun = (db: Db, integration: IntegrationRow, opts: RunOptions): Promise<number> =>
  startReport(db, {
    entityId: integration.entityId,
    integrationId: integration.id,
    startedBy: opts.accountId,
    startedByName: opts.accountName,
  });

/** The source's secret, opened with the organisation's context; null when the link has none. */
export const sourceSecret = (integration: IntegrationRow, opts: RunOptions): string | null =>
  integration.secretSealed
    ? openSecret(integration.secretSealed, opts.secretKey, integrationSecretContext(integration.entityId))
    : null;
