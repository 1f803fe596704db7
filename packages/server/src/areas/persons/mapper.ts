import type { Person } from '@zorgportaal/contract';
import { persons } from './tables.ts';

type PersonRow = typeof persons.$inferSelect;

/**
 * The columns `nameInformationOf` reads, for a select that shows a person's name: not the whole row, which also
 * holds the photo (a data URL of up to 300 KB).
 */
export const nameInformationColumns = {
  firstNames: persons.firstNames,
  lastNamePrefix: persons.lastNamePrefix,
  lastName: persons.lastName,
  partnerPrefix: persons.partnerPrefix,
  partnerLastName: persons.partnerLastName,
};

/** The name columns → the spec's NameInformation. */
export const nameInformationOf = (
  row: Pick<PersonRow, 'firstNames' | 'lastNamePrefix' | 'lastName' | 'partnerPrefix' | 'partnerLastName'>,
): Person['NameInformation'] => ({
  FirstNames: row.firstNames,
  LastName: { Prefix: row.lastNamePrefix, LastName: row.lastName },
  LastNamePartner: row.partnerLastName ? { Prefix: row.partnerPrefix, LastName: row.partnerLastName } : null,
});

/** DB row → the spec's Person JSON (§3). */
export function toPerson(row: PersonRow): Person {
  return {
    Id: row.id,
    Deleted: row.deleted,
    NameInformation: nameInformationOf(row),
    DateOfBirth: row.dateOfBirth,
    CustomerName: row.customerName,
    Entity: row.entityId,
    Avatar: row.avatar,
  };
}

export const isoOrNull = (date: Date | null | undefined): string | null => (date ? date.toISOString() : null);
