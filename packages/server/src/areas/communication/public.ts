/** What other areas may use of this area (functions and types; tables are in its schema files). */
export { createThreadToOrganisation, reachableEntityIds, unreadByPatient } from './queries/index.ts';
export { announceThread } from './announce.ts';
export { registerThreadSubject, type ThreadSubject, type ThreadSubjectField } from './thread-subjects.ts';
