import {
  type ScanCheckAnswer,
  type ScanReadError,
  type ScanReason,
  scanBlocksGiven,
} from '@zorgportaal/contract';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../lib/format.ts';

/** Time-window reasons only ask for a reason at registration: they do not block "Gegeven" (the API's rule). */
export const blocksGive = (answer: ScanCheckAnswer): boolean =>
  scanBlocksGiven(answer.Checks.flatMap((check) => (check.Reason ? [check.Reason] : [])));

/** The nurse's message for a failed check, with the names the answer carries. */
export function reasonMessage(
  t: TFunction,
  reason: ScanReason,
  answer: ScanCheckAnswer,
  medication: string,
): string {
  const client = answer.MomentClientName;
  switch (reason) {
    case 'wrong_client':
      if (answer.ScannedClientName === null)
        return t('scan.reason.wrongClientOther', 'Deze code is van een andere cliënt, niet van {{client}}.', {
          client,
        });
      return answer.Kind === 'sachet'
        ? t('scan.reason.wrongClientSachet', 'Dit zakje is van {{scanned}}, niet van {{client}}.', {
            scanned: answer.ScannedClientName,
            client,
          })
        : t('scan.reason.wrongClientWristband', 'Dit polsbandje is van {{scanned}}, niet van {{client}}.', {
            scanned: answer.ScannedClientName,
            client,
          });
    case 'unknown_sachet':
      return t('scan.reason.unknownSachet', 'Dit zakje hoort bij geen rol van deze cliënt.');
    case 'wrong_drug':
      return t('scan.reason.wrongDrug', 'Dit is een ander middel dan {{medication}}.', { medication });
    case 'unknown_product':
      return t('scan.reason.unknownProduct', 'Dit middel staat niet in de productlijst.');
    case 'not_in_sachet':
      return t('scan.reason.notInSachet', '{{medication}} zit volgens de rol niet in dit zakje.', {
        medication,
      });
    case 'wrong_moment':
      return t('scan.reason.wrongMoment', 'Dit zakje is voor {{moment}}, niet voor dit toedienmoment.', {
        moment: answer.SachetMoment ? sachetMoment(answer.SachetMoment) : '',
      });
    case 'too_early':
      return t('scan.reason.tooEarly', 'Dit moment is nog niet aan de beurt.');
    case 'early':
      return t('scan.reason.early', 'Het tijdvenster van dit moment is nog niet begonnen.');
    case 'late':
      return t('scan.reason.late', 'Het tijdvenster van dit moment is voorbij.');
    case 'too_late':
      return t('scan.reason.tooLate', 'Dit moment is te lang geleden om nog als gegeven te registreren.');
    case 'expired':
      return t('scan.reason.expired', 'Dit middel is verlopen (houdbaar tot {{date}}).', {
        date: answer.Expiry ? formatDate(answer.Expiry) : '',
      });
    case 'already_registered':
      return t('scan.reason.alreadyRegistered', 'Dit moment is al geregistreerd.');
  }
}

/** "2026-11-30 08:00" as the product shows it: DD-MM-YYYY HH:mm. */
const sachetMoment = (moment: string) => `${formatDate(moment.slice(0, 10))} ${moment.slice(11)}`;

/** Why a scanned code could not be read at all. */
export function unreadableMessage(t: TFunction, error: ScanReadError): string {
  if (error === 'check_digit' || error === 'check_character')
    return t('scan.misread', 'De code is verkeerd gelezen (controleteken klopt niet): scan opnieuw.');
  if (error === 'unknown_ai') return t('scan.unknownAi', 'Deze code bevat een onbekend GS1-gegeven.');
  return t('scan.unreadable', 'Deze code is niet te lezen: scan opnieuw.');
}
