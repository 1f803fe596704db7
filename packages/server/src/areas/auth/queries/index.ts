import './purge.ts';

export {
  claimNotMeToken,
  claimResetToken,
  findResetToken,
  insertNotMeToken,
  voidResetTokens,
} from './tokens.ts';
