import type { MedicationDashboardListKey } from '@zorgportaal/contract';
import { changedList, startedList, stoppedList, unsignedList } from './agreements.ts';
import type { DashboardList } from './base.ts';
import { allergiesList, noConsentList } from './clients.ts';
import { interimList } from './interim.ts';

export type { DashboardContext } from './base.ts';

/** Every list of the Medicatiedashboard by its key (the contract's MEDICATION_DASHBOARD_LISTS). */
export const DASHBOARD_LISTS: Record<MedicationDashboardListKey, DashboardList> = {
  started: startedList,
  changed: changedList,
  stopped: stoppedList,
  unsigned: unsignedList,
  interim: interimList,
  noConsent: noConsentList,
  allergies: allergiesList,
};
