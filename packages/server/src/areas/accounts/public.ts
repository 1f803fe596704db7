/** What other areas may use of this area (functions and types; tables are in its schema files). */
export {
  type AccountRow,
  findAccountById,
  findAccountByUsername,
  toAccountView,
} from './queries/accounts.ts';
export { loadManagedAccount } from './managed-account.ts';
export { addIpAllowEntry, loginIpAllowed, removeIpAllowEntry, toIpAllowEntry } from './ip-allow-list.ts';
export { listIpAllowEntries } from './queries/ip-allow-list.ts';
export {
  accountsWithEmail,
  claimTotpStep,
  disableTotp,
  enableTotp,
  hasSubscription,
  recordLogin,
  setEmailAddresses,
  storePasswordHash,
} from './queries/credentials.ts';
