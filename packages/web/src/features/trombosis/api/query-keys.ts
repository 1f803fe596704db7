/** The trombosis feature's query keys: the only place they are spelled. */
export const trombosisKeys = {
  all: ['trombosis'] as const,
  patients: () => [...trombosisKeys.all, 'patients'] as const,
  dashboard: () => [...trombosisKeys.all, 'dashboard'] as const,
  inrValues: (patientId: number | null) => [...trombosisKeys.all, 'inr', patientId] as const,
  schemes: (patientId: number | null) => [...trombosisKeys.all, 'schemes', patientId] as const,
  coumarinAgreements: (patientId: number | null) =>
    [...trombosisKeys.all, 'coumarinAgreements', patientId] as const,
};
