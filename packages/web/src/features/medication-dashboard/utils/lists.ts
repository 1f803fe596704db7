import { MEDICATION_DASHBOARD_LISTS, type MedicationDashboardListKey } from '@zorgportaal/contract';

/** The list the address asks for (?list=…), or null for an absent or unknown one. */
export const parseList = (value: string | null): MedicationDashboardListKey | null =>
  (MEDICATION_DASHBOARD_LISTS as readonly string[]).includes(value ?? '')
    ? (value as MedicationDashboardListKey)
    : null;

export type ListColumn =
  | 'patient'
  | 'place'
  | 'medication'
  | 'start'
  | 'stop'
  | 'reason'
  | 'stopType'
  | 'prescriber'
  | 'change'
  | 'roll'
  | 'consent'
  | 'allergies';

/** What a list's table shows, left to right: always the client and where; then what the list is about. */
export function columnsOf(list: MedicationDashboardListKey): ListColumn[] {
  switch (list) {
    case 'started':
    case 'changed':
      return ['patient', 'place', 'medication', 'start', 'reason', 'prescriber'];
    case 'stopped':
      return ['patient', 'place', 'medication', 'stop', 'stopType', 'reason'];
    case 'unsigned':
      return ['patient', 'place', 'medication', 'start', 'prescriber'];
    case 'interim':
      return ['patient', 'place', 'medication', 'change', 'roll'];
    case 'noConsent':
      return ['patient', 'place', 'consent'];
    case 'allergies':
      return ['patient', 'place', 'allergies'];
  }
}
