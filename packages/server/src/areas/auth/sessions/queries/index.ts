/** The one session module: sessions and their tokens, the caller lookups, and revocation. */
export { liveCallers, lookupCaller, lookupSession } from './caller.ts';
export { revokeAccountSessions, revokeSession } from './revoke.ts';
export {
  createSession,
  expireOtherAccessTokens,
  findToken,
  issueTokenPair,
  markRefreshTokenUsed,
  touchSession,
  type SessionRow,
  type TokenPair,
  type TokenRow,
} from './tokens.ts';
