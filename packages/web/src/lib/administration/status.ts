import { STATUS_COLORS, SUCCESS_STATUSES, type AdministrationStatus } from '@zorgportaal/contract';

/** Spec §3: administration success green (given), administration failed red (every other status). */
export const statusColor = (status: AdministrationStatus): string =>
  SUCCESS_STATUSES.includes(status)
    ? STATUS_COLORS.administration_success
    : STATUS_COLORS.administration_failed;

const DOSE = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 3 });

/** "1 tablet", "0,5 ml"; empty without a dose (as-needed without a fixed dose). */
export const formatDose = (dose: number | null, unit: string): string =>
  dose === null ? unit : `${DOSE.format(dose)} ${unit}`;
