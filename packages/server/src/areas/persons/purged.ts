/**
 * What a purged person's name becomes, wherever an area stored or copied it (the person's row, a consent's
 * signer, ...): the row stays for the references and the audit log, the name goes.
 */
export const PURGED_NAME = 'Verwijderd';

/**
 * What a purged person's account username becomes, and every copy of it (a run's starter): unique per
 * account, so the unique index on usernames holds and the audit log's ids still tell accounts apart.
 */
export const purgedUsername = (accountId: number): string => `verwijderd-${accountId}`;
