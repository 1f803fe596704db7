/**
 * The tables this area reads: it has none of its own. It joins the medication area's clients and agreements,
 * eTDR's signatures and Baxter's rolls with their interim changes (an area's data face: others read, only
 * the owner writes).
 */
export { baxterInterimChanges, baxterRolls } from '../baxter/schema.ts';
export { consents } from '../etdr/schema.ts';
export { medicationAgreements, medications, patients } from '../medication/schema.ts';
export { persons } from '../persons/schema.ts';
export { departments, entities } from '../../platform/db/schema/organisations.ts';
