import { entitySettingsKeys } from '../../../lib/query-keys.ts';

/** The auth feature's query keys: the only place they are spelled (the own settings are shared). */
export const authKeys = {
  entitySettings: entitySettingsKeys.own,
};
