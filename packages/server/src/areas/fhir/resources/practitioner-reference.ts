import type { Practitioner, Reference } from '@medplum/fhirtypes';

/** A reference to the practitioner (an account) with its display name, for the resources it authored. */
export const practitionerReference = (
  accountId: number,
  display: string | undefined,
): Reference<Practitioner> => ({
  reference: `Practitioner/${accountId}`,
  display,
});
