import { entitySettingsKeys } from '../../../lib/query-keys.ts';

/** Geavanceerd's query keys: the only place they are spelled (the own settings are shared with the layout). */
export const settingsKeys = {
  entity: entitySettingsKeys.own,
  integrations: () => ['settings', 'integrations'] as const,
  integrationList: () => [...settingsKeys.integrations(), 'list'] as const,
  reports: (integrationId: number | null) =>
    [...settingsKeys.integrations(), 'reports', integrationId] as const,
  report: (reportId: number | null) => [...settingsKeys.integrations(), 'report', reportId] as const,
  systemClients: () => ['settings', 'system-clients'] as const,
};
