import type { Patient } from '@medplum/fhirtypes';
import { isValidBsn, personBodySchema, type PersonBody } from '@zorgportaal/contract';

export const BSN_SYSTEM = 'http://fhir.nl/fhir/NamingSystem/bsn';
/** Where MijnCaress puts the client's ward (afdeling) code on the Patient resource. */
export const WARD_EXTENSION = 'http://mijncaress.nl/fhir/StructureDefinition/ward-code';

/** A source record that can be written: the person's fields, the BSN and the mapped department. */
export interface ReadyRecord {
  ok: true;
  reference: string;
  bsn: string;
  person: PersonBody;
  departmentId: number;
}
export interface RefusedRecord {
  ok: false;
  reference: string;
  reason: string;
}

/** Control characters out and a bounded length: the reference is shown in the report. */
const clean = (value: string, max: number) =>
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  value.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max);

/**
 * Checks one Patient resource and maps it to our fields. Refused (with a reason for the report): no BSN,
 * a BSN that fails the elfproef, no or an unmapped ward code, a name or birth date our forms would refuse.
 */
export function readRecord(
  resource: Patient,
  position: number,
  wards: ReadonlyMap<string, number>,
): ReadyRecord | RefusedRecord {
  const reference = clean(typeof resource.id === 'string' && resource.id ? resource.id : `#${position}`, 100);
  const refuse = (reason: string): RefusedRecord => ({ ok: false, reference, reason });

  const identifiers = Array.isArray(resource.identifier) ? resource.identifier : [];
  const bsn = identifiers.find((i) => i?.system === BSN_SYSTEM)?.value;
  if (typeof bsn !== 'string' || bsn.trim() === '') return refuse('Geen BSN in de bron.');
  if (!isValidBsn(bsn.trim())) return refuse('Het BSN voldoet niet aan de elfproef.');

  const extensions = Array.isArray(resource.extension) ? resource.extension : [];
  const ward = extensions.find((e) => e?.url === WARD_EXTENSION);
  const wardCode = ward?.valueCode ?? ward?.valueString;
  if (typeof wardCode !== 'string' || wardCode.trim() === '') return refuse('Geen afdelingscode in de bron.');
  const departmentId = wards.get(wardCode.trim().toLowerCase());
  if (departmentId === undefined)
    return refuse(`Afdelingscode "${clean(wardCode.trim(), 50)}" is aan geen afdeling gekoppeld.`);

  const names = Array.isArray(resource.name) ? resource.name : [];
  const name = names.find((n) => n?.use === 'official') ?? names[0];
  const given = Array.isArray(name?.given) ? name.given.filter((g) => typeof g === 'string') : [];
  const parsed = personBodySchema.safeParse({
    NameInformation: {
      FirstNames: given.join(' '),
      LastName: { Prefix: null, LastName: typeof name?.family === 'string' ? name.family : '' },
    },
    DateOfBirth: typeof resource.birthDate === 'string' ? resource.birthDate : null,
  });
  if (!parsed.success) return refuse(parsed.error.issues[0]?.message ?? 'Ongeldige gegevens.');
  return { ok: true, reference, bsn: bsn.trim(), person: parsed.data, departmentId };
}
