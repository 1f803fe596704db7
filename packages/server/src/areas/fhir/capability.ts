import type { CapabilityStatement } from '@medplum/fhirtypes';
import { CLIENT_VERSION } from '@zorgportaal/contract';
import { DEFAULT_COUNT, MAX_COUNT } from './params.ts';
import { RESOURCE_DEFINITIONS } from './resources/index.ts';

/** The operations per type (only Patient/{id}/$everything), each with its R4 base OperationDefinition. */
const OPERATIONS: Record<string, { name: string; definition: string; documentation: string }[]> = {
  Patient: [
    {
      name: 'everything',
      definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything',
      documentation:
        'The whole medication record of one client as one searchset (no paging, no parameters): the ' +
        'Patient, its MedicationRequests, MedicationDispenses (administration agreements), ' +
        'MedicationAdministrations and Observations (INR), and the ' +
        'Medications they reference; types the caller may not read are left out.',
    },
  ],
};

/** When this statement's content last changed (CapabilityStatement.date is required). */
const STATEMENT_DATE = '2026-11-27';

/**
 * The CapabilityStatement (`GET /fhir/R4/metadata`), built from the resource definitions the routes
 * use, so it lists exactly what is supported: read and search-type, the transaction (MedicationRequests
 * only), no other write, no history, no system search.
 */
export function capabilityStatement(base: string): CapabilityStatement {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: STATEMENT_DATE,
    publisher: 'Zorgportaal',
    kind: 'instance',
    software: { name: 'Zorgportaal', version: CLIENT_VERSION },
    implementation: {
      description:
        'Zorgportaal FHIR R4 endpoint: read and search of the medication record; medication agreements ' +
        'written by a transaction.',
      url: base,
    },
    fhirVersion: '4.0.1',
    format: ['json'],
    rest: [
      {
        mode: 'server',
        documentation:
          'Read and search; the only write is a transaction of MedicationRequests. Every resource is limited to what the caller sees on the portal (its organisation ' +
          'and the care centres it reaches through the care network); another client is 404 and absent ' +
          `from searches. Paging by next links; _count default ${DEFAULT_COUNT}, at most ${MAX_COUNT}. ` +
          'Unknown search parameters and modifiers are refused with 400.',
        security: {
          service: [
            {
              coding: [
                { system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'OAuth' },
              ],
            },
          ],
          description:
            "A bearer access token of the portal (POST /oauth/token): a user's, with the user's " +
            "permissions, or a system client's (grant_type=client_credentials, client_secret_basic, " +
            "client_secret_post or private_key_jwt with RS384/ES384), with its organisation's scope and " +
            'its SMART v2 scopes system/<Type>.rs ' +
            '(read) and system/MedicationRequest.cu (the transaction; a user needs medication.write).',
        },
        resource: RESOURCE_DEFINITIONS.map((d) => ({
          type: d.type,
          supportedProfile: [d.profile],
          documentation: d.documentation,
          interaction: [{ code: 'read' }, { code: 'search-type' }],
          versioning: 'no-version',
          readHistory: false,
          updateCreate: false,
          ...(d.includes.length ? { searchInclude: [...d.includes] } : {}),
          ...(OPERATIONS[d.type] ? { operation: OPERATIONS[d.type] } : {}),
          searchParam: d.params.map((p) => ({
            name: p.name,
            definition: p.definition,
            type: p.type,
            documentation: p.documentation,
          })),
        })),
        interaction: [
          {
            code: 'transaction',
            documentation:
              'POST to the base: a transaction Bundle of MP9 MedicationAgreements (MedicationRequest, intent ' +
              'order), each found by its business identifier: created when new, changed when it differs, ' +
              'stopped by status stopped or completed, unchanged when the same. All or nothing.',
          },
        ],
        searchParam: [
          {
            name: '_count',
            type: 'number',
            documentation: `Page size, default ${DEFAULT_COUNT}, at most ${MAX_COUNT}; 0 counts only.`,
          },
          { name: '_summary', type: 'token', documentation: 'Only count is supported.' },
        ],
      },
    ],
  };
}
