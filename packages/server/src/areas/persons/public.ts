/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { personNameSql, personNameText, type PersonNameColumns } from './display-name.ts';
export { isoOrNull, nameInformationColumns, nameInformationOf, toPerson } from './mapper.ts';
export { PURGED_NAME, purgedUsername } from './purged.ts';
export { likeContains } from './queries/list.ts';
export {
  createPerson,
  findLivePerson,
  setPersonAvatar,
  updatePerson,
  updatePersonDetails,
  type PersonRow,
} from './queries/write.ts';
export { restorePerson } from './queries/restore.ts';
