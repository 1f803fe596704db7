import './purge.ts';

export {
  claimNotMeToken,
  claimResetToken,
  findResetToken,
  insertNotMeToken,
  storeResetTokens,
  voidResetTokens,
} from './tokens.ts';
