import type { Caller } from '../../platform/types.ts';
import type { Db } from '../../platform/db/client.ts';
import { entityScope } from '../../platform/scope.ts';
import { SecretBoxError } from '../../platform/secret-box.ts';
import type { AuditEvent } from '../../platform/audit.ts';
import { type AppliedAgreementEntry, applyAgreementBundle } from '../fhir/public.ts';
import { entityTypeOf, finishReport, type IntegrationRow, type ReportLine } from './queries/index.ts';
import { loadBundle, SourceError } from './source.ts';
import { startRun, sourceSecret, type RunOptions } from './run-support.ts';

const ACTION: Record<AppliedAgreementEntry['kind'], ReportLine['action']> = {
  created: 'created',
  changed: 'updated',
  stopped: 'updated',
  unchanged: 'unchanged',
};
const REASON: Partial<Record<AppliedAgreementEntry['kind'], string>> = {
  changed: 'Gewijzigd: een nieuwe versie van de afspraak.',
  stopped: 'Gestopt.',
};

/**
 * The caller an integration writes as: its organisation, no account (like a system client, so the
 * agreements it creates have no `created_by`); its audit entries name the run's starter or the integration.
 */
function integrationCaller(integration: IntegrationRow, entityType: Caller['entityType']): Caller {
  return {
    accountId: 0,
    personId: null,
    entityId: integration.entityId,
    entityType,
    username: integration.name,
    permissions: new Set(),
    roles: [],
    sessionId: `integration:${integration.id}`,
    system: { clientId: 0, name: integration.name, scopes: new Set() },
  };
}

/**
 * Runs an `mp9` integration: reads the source's transaction Bundle of MP9 MedicationAgreements and applies it
 * through the FHIR area's transaction (as POST /fhir/R4), in the organisation's scope: all or nothing, a
 * repeated Bundle changes nothing. The report has one line per entry, or the reason the Bundle was refused.
 */
export async function runMp9Sync(
  db: Db,
  integration: IntegrationRow,
  opts: RunOptions,
  audit: (events: AuditEvent[]) => Promise<void>,
): Promise<{ reportId: number; patientIds: number[] }> {
  const entityId = integration.entityId;
  const reportId = await startRun(db, integration, opts);
  let lines: ReportLine[] = [];
  let message: string | null = null;
  try {
    const secret = sourceSecret(integration, opts);
    const bundle = await loadBundle(integration.source, secret, opts.allowedHosts);
    const entityType = await entityTypeOf(db, entityId);
    if (!entityType) throw new SourceError('De organisatie van deze koppeling bestaat niet meer.');
    const result = await applyAgreementBundle(
      {
        db,
        caller: integrationCaller(integration, entityType),
        scope: await entityScope(db, entityId),
        audit,
      },
      bundle,
    );
    if (result.ok)
      lines = result.entries.map((entry) => ({
        reference: entry.reference,
        action: ACTION[entry.kind],
        reason: REASON[entry.kind] ?? null,
        patientId: entry.patientId,
      }));
    else
      message = `De bundel is geweigerd (${result.status}); er is niets opgeslagen. ${result.expression ?? 'Bundle'}: ${result.message}`;
  } catch (err) {
    if (err instanceof SourceError) message = err.message;
    else if (err instanceof SecretBoxError)
      message = 'De sleutel van de koppeling kon niet worden geopend; stel hem opnieuw in.';
    else {
      await finishReport(db, reportId, lines, 'failure', 'De run is afgebroken door een onverwachte fout.');
      throw err;
    }
  }
  await finishReport(db, reportId, lines, message === null ? 'success' : 'failure', message);
  return { reportId, patientIds: lines.flatMap((l) => (l.patientId === null ? [] : [l.patientId])) };
}
