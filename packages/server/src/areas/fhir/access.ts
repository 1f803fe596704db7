import type { Caller } from '../../platform/types.ts';
import type { ResourceDefinition } from './definition.ts';

/** A FHIR interaction as a SMART v2 permission letter: `c` create, `r` read, `u` update, `s` search. */
export type Interaction = 'c' | 'r' | 'u' | 's';

/**
 * Whether a system client's scopes grant the interaction on the type: a SMART v2 scope
 * `system/<Type>.<letters>` whose letters include it (the portal issues `.rs`, and `.cu` for MedicationRequest;
 * `*` is never issued).
 */
export function scopeAllows(scopes: ReadonlySet<string>, type: string, interaction: Interaction): boolean {
  for (const scope of scopes) {
    const match = /^system\/([A-Za-z]+)\.([cruds]+)$/.exec(scope);
    if (match && match[1] === type && match[2]!.includes(interaction)) return true;
  }
  return false;
}

/**
 * The caller may use the type: a user by any one of its permissions; a system client also (and first) by
 * its token's scopes. The tenant scope is decided afterwards by the type's own queries.
 */
export function mayUse(caller: Caller, definition: ResourceDefinition, interaction: Interaction): boolean {
  if (caller.system && !scopeAllows(caller.system.scopes, definition.type, interaction)) return false;
  return definition.permissions.some((p) => caller.permissions.has(p));
}

/** The permission the JSON API requires to create, change and stop agreements. */
export const AGREEMENT_WRITE_PERMISSION = 'medication.write';

/**
 * The caller may write agreements (POST /fhir/R4): a user with the JSON API's permission; a system client
 * whose token carries `system/MedicationRequest.cu` (its organisation's scope then decides whose, as for
 * its users).
 */
export function mayWriteAgreements(caller: Caller): boolean {
  if (caller.system)
    return (
      scopeAllows(caller.system.scopes, 'MedicationRequest', 'c') &&
      scopeAllows(caller.system.scopes, 'MedicationRequest', 'u')
    );
  return caller.permissions.has(AGREEMENT_WRITE_PERMISSION);
}
