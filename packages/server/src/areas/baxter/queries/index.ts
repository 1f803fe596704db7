// The Baxter area's queries: the only code that touches its tables.
export { generateRolls } from './generate.ts';
export { interimChangesOn, recordInterimChange } from './interim-changes.ts';
export { countRolls, listRolls, type RollFilter } from './list.ts';
export { applyFile, matchFile } from './roll-file.ts';
export { findRoll, markHandedOver, markLaidOut } from './status.ts';
export { clientNameInScope, rollForScan, rollHasSachetAt } from './sachet-scan.ts';
