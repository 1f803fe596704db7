import type { ResourceDefinition } from '../definition.ts';
import { medicationAdministrationDefinition } from './medication-administration.ts';
import { medicationDispenseDefinition } from './medication-dispense.ts';
import { medicationRequestDefinition } from './medication-request.ts';
import { medicationDefinition } from './medication.ts';
import { observationDefinition } from './observation.ts';
import { organizationDefinition } from './organization.ts';
import { patientDefinition } from './patient.ts';
import { practitionerDefinition, practitionerRoleDefinition } from './practitioner.ts';

/** Every resource type the endpoint serves, in the CapabilityStatement's order. Nothing else is routed. */
export const RESOURCE_DEFINITIONS: readonly ResourceDefinition[] = [
  patientDefinition,
  medicationDefinition,
  medicationRequestDefinition,
  medicationDispenseDefinition,
  medicationAdministrationDefinition,
  observationDefinition,
  organizationDefinition,
  practitionerDefinition,
  practitionerRoleDefinition,
];

const BY_TYPE = new Map(RESOURCE_DEFINITIONS.map((d) => [d.type as string, d]));

export const definitionOf = (type: string): ResourceDefinition | undefined => BY_TYPE.get(type);
