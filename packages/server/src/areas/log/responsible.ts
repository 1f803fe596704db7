import { type Caller } from '../../platform/types.ts';
import { fullEntities, type Scope } from '../../platform/scope.ts';

/**
 * Whose clients' access an organisation's Logboek answers for (NEN 7513): a care centre its own clients;
 * a pharmacy also the clients of the care centres it supplies (`visible`, its patient scope); a GP practice
 * or trombosis service no one else's (its Logboek holds its own entries).
 */
export const responsibleFor = (caller: Pick<Caller, 'entityId' | 'entityType'>, visible: Scope): number[] =>
  caller.entityType === 'pharmacy'
    ? [...new Set([caller.entityId, ...fullEntities(visible)])]
    : [caller.entityId];
