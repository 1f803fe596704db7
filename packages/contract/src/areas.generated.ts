// Written by packages/contract/generate-areas.mjs from the files in src/areas/; do not edit.
// An area's contract file default-exports defineContractArea({ routes, auditObjects, auditFields }) (contract-area.ts).

import type { ContractArea } from './contract-area.ts';

export const CONTRACT_AREAS = [] as const satisfies readonly ContractArea[];
