import type { Caller } from '../../platform/types.ts';
import type { ResourceDefinition } from './definition.ts';

/** A FHIR interaction as a SMART v2 permission letter: `r` read, `s` search. */
export type Interaction = 'r' | 's';

/**
 * Whether a system client's scopes grant the interaction on the type: a SMART v2 scope
 * `system/<Type>.<letters>` whose letters include it (the portal issues `.rs`; `*` is never issued).
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
