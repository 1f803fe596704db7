import type { IntegrationOutcome } from '@zorgportaal/contract';
import type { Db } from '../../platform/db/client.ts';
import { isUniqueViolation } from '../../platform/errors.ts';
import { SecretBoxError } from '../../platform/secret-box.ts';
import { insertEcdClient, moveEcdClient } from '../medication/public.ts';
import { createPerson, updatePerson } from '../persons/public.ts';
import {
  existingByBsn,
  finishReport,
  ownDepartmentIds,
  type ExistingClient,
  type IntegrationRow,
  type ReportLine,
} from './queries/index.ts';
import { startRun, sourceSecret, type RunOptions } from './run-support.ts';
import { readRecord, type ReadyRecord } from './records.ts';
import { loadPatients, SourceError } from './source.ts';

/** A patient the run created or changed, for the audit log. */
export interface SyncChange {
  patientId: number;
  action: 'created' | 'updated';
  changedFields: string[];
}

const TRASHED = 'De cliënt staat in de prullenbak; herstel hem eerst.';
const DUPLICATE = 'Dit BSN komt meer dan eens voor in de bron.';
const RACE = 'De cliënt werd tegelijk door een andere synchronisatie aangemaakt; probeer het opnieuw.';

/** The fields a source record would change on the stored client (names of fields, never values). */
function differences(record: ReadyRecord, current: ExistingClient): string[] {
  const name = record.person.NameInformation;
  const changed: string[] = [];
  if (
    name.FirstNames !== current.firstNames ||
    name.LastName.LastName !== current.lastName ||
    (name.LastName.Prefix ?? null) !== current.lastNamePrefix
  )
    changed.push('NameInformation');
  if ((record.person.DateOfBirth ?? null) !== current.dateOfBirth) changed.push('DateOfBirth');
  if (record.departmentId !== current.departmentId) changed.push('DepartmentId');
  return changed;
}

/** Writes one record in its own transaction: a failure leaves nothing half-written. */
async function writeRecord(
  db: Db,
  entityId: number,
  record: ReadyRecord,
  current: ExistingClient | undefined,
): Promise<{ line: ReportLine; change?: SyncChange }> {
  const base = { reference: record.reference, reason: null };
  if (current?.deleted)
    return { line: { ...base, action: 'refused', reason: TRASHED, patientId: current.patientId } };
  if (current) {
    const changedFields = differences(record, current);
    if (changedFields.length === 0)
      return { line: { ...base, action: 'unchanged', patientId: current.patientId } };
    await db.transaction(async (tx) => {
      // The sync never touches what the ECD does not send: the customer name and photo stay.
      await updatePerson(tx, entityId, current.personId, {
        ...record.person,
        CustomerName: current.customerName,
      });
      await moveEcdClient(tx, current.patientId, record.departmentId);
    });
    return {
      line: { ...base, action: 'updated', patientId: current.patientId },
      change: { patientId: current.patientId, action: 'updated', changedFields },
    };
  }
  try {
    const patientId = await db.transaction(async (tx) => {
      const person = await createPerson(tx, entityId, record.person);
      return insertEcdClient(tx, {
        entityId,
        personId: person.id,
        bsn: record.bsn,
        departmentId: record.departmentId,
      });
    });
    return {
      line: { ...base, action: 'created', patientId },
      change: { patientId, action: 'created', changedFields: [] },
    };
  } catch (err) {
    if (isUniqueViolation(err, 'patients_entity_bsn_idx'))
      return { line: { ...base, action: 'refused', reason: RACE, patientId: null } };
    throw err;
  }
}

function outcomeOf(lines: ReportLine[], failed: boolean): IntegrationOutcome {
  if (failed) return 'failure';
  return lines.some((l) => l.action === 'refused') ? 'partial' : 'success';
}

/**
 * Runs a `mijncaress` integration: reads the bundle, creates or updates the organisation's clients by
 * BSN, never deletes. The report is written whatever happens; a second run of the same bundle only finds
 * unchanged clients.
 */
export async function runMijnCaressSync(
  db: Db,
  integration: IntegrationRow,
  opts: RunOptions,
): Promise<{ reportId: number; changes: SyncChange[] }> {
  const entityId = integration.entityId;
  const reportId = await startRun(db, integration, opts);
  const lines: ReportLine[] = [];
  const changes: SyncChange[] = [];
  let message: string | null = null;
  try {
    const secret = sourceSecret(integration, opts);
    const resources = await loadPatients(integration.source, secret, opts.allowedHosts);
    // Only mappings to departments that are (still) the organisation's own count.
    const ownIds = await ownDepartmentIds(db, entityId);
    const wards = new Map(
      integration.wardMapping
        .filter((m) => ownIds.has(m.departmentId))
        .map((m) => [m.wardCode.toLowerCase(), m.departmentId]),
    );
    const records = resources.map((resource, i) => readRecord(resource, i + 1, wards));
    const ready = records.filter((r): r is ReadyRecord => r.ok);
    const existing = await existingByBsn(
      db,
      entityId,
      ready.map((r) => r.bsn),
    );
    const seen = new Set<string>();
    for (const record of records) {
      if (!record.ok) {
        lines.push({
          reference: record.reference,
          action: 'refused',
          reason: record.reason,
          patientId: null,
        });
        continue;
      }
      if (seen.has(record.bsn)) {
        lines.push({ reference: record.reference, action: 'refused', reason: DUPLICATE, patientId: null });
        continue;
      }
      seen.add(record.bsn);
      const written = await writeRecord(db, entityId, record, existing.get(record.bsn));
      lines.push(written.line);
      if (written.change) changes.push(written.change);
    }
  } catch (err) {
    if (err instanceof SourceError) message = err.message;
    else if (err instanceof SecretBoxError)
      message = 'De sleutel van de koppeling kon niet worden geopend; stel hem opnieuw in.';
    else {
      // Unexpected (database down): the report still says the run failed, the error goes to the log.
      await finish(db, reportId, lines, 'De synchronisatie is afgebroken door een onverwachte fout.');
      throw err;
    }
  }
  await finish(db, reportId, lines, message);
  return { reportId, changes };
}

async function finish(db: Db, reportId: number, lines: ReportLine[], message: string | null): Promise<void> {
  await finishReport(db, reportId, lines, outcomeOf(lines, message !== null), message);
}
