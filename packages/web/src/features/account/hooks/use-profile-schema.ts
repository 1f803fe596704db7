import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from '../../../lib/dayjs.ts';
import { z } from 'zod';
import type { Profile, ProfileUpdate } from '@zorgportaal/contract';
import { formatDate } from '../../../lib/format.ts';

/** The profile form as typed: plain strings, one per input. */
export interface ProfileFormValues {
  firstNames: string;
  prefix: string;
  lastName: string;
  partnerPrefix: string;
  partnerLastName: string;
  /** As typed, shown DD-MM-YYYY (spec §3), or ''. */
  dateOfBirth: string;
  emails: string[];
}

export const MAX_EMAILS = 5;

export function profileToForm(profile: Profile): ProfileFormValues {
  const name = profile.NameInformation;
  return {
    firstNames: name.FirstNames,
    prefix: name.LastName.Prefix ?? '',
    lastName: name.LastName.LastName,
    partnerPrefix: name.LastNamePartner?.Prefix ?? '',
    partnerLastName: name.LastNamePartner?.LastName ?? '',
    dateOfBirth: formatDate(profile.DateOfBirth?.slice(0, 10)),
    emails: profile.EmailAddress.length > 0 ? profile.EmailAddress : [''],
  };
}

/** DD-MM-YYYY (also with / or . and single digits) → YYYY-MM-DD; null when it is not a real date. */
export function parseDutchDate(value: string): string | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (!match) return null;
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : null;
}

const orNull = (value: string) => (value === '' ? null : value);

/**
 * The profile form's schema, built here so its messages are translated (the contract's
 * profileUpdateSchema has the same limits and is what the server checks). Output: the PUT body.
 */
export function useProfileSchema() {
  const { t } = useTranslation();
  return useMemo(() => {
    const required = t('validation.required', 'Dit veld is verplicht.');
    const max = (n: number) => t('validation.maxLength', 'Maximaal {{max}} tekens.', { max: n });
    const text = (limit: number) => z.string().trim().max(limit, max(limit));
    return z
      .object({
        firstNames: text(100).min(1, required),
        prefix: text(20),
        lastName: text(100).min(1, required),
        partnerPrefix: text(20),
        partnerLastName: text(100),
        dateOfBirth: z
          .string()
          .trim()
          .refine(
            (v) => v === '' || parseDutchDate(v) !== null,
            t('validation.date', 'Vul een geldige datum in (DD-MM-JJJJ).'),
          )
          .transform((v) => (v === '' ? '' : (parseDutchDate(v) ?? v)))
          .refine(
            (iso) => iso === '' || iso <= dayjs().format('YYYY-MM-DD'),
            t('profile.errors.birthInFuture', 'De geboortedatum mag niet in de toekomst liggen.'),
          )
          .refine(
            (iso) => iso === '' || iso >= '1900-01-01',
            t('profile.errors.birthTooEarly', 'De geboortedatum moet na 1900 liggen.'),
          ),
        emails: z
          .array(
            z
              .string()
              .trim()
              .pipe(z.email(t('validation.email', 'Vul een geldig e-mailadres in.'))),
          )
          .min(1, t('profile.errors.emailRequired', 'Vul minimaal één e-mailadres in.'))
          .max(
            MAX_EMAILS,
            t('profile.errors.emailMax', 'Maximaal {{max}} e-mailadressen.', { max: MAX_EMAILS }),
          )
          .refine(
            (list) => new Set(list.map((e) => e.toLowerCase())).size === list.length,
            t('profile.errors.emailDuplicate', 'Elk e-mailadres mag maar één keer voorkomen.'),
          ),
      })
      .superRefine((values, context) => {
        if (values.partnerPrefix && !values.partnerLastName)
          context.addIssue({
            code: 'custom',
            path: ['partnerLastName'],
            message: t('profile.errors.partnerLastName', 'Vul ook de achternaam van de partner in.'),
          });
      })
      .transform((values): ProfileUpdate => ({
        NameInformation: {
          FirstNames: values.firstNames,
          LastName: { Prefix: orNull(values.prefix), LastName: values.lastName },
          LastNamePartner: values.partnerLastName
            ? { Prefix: orNull(values.partnerPrefix), LastName: values.partnerLastName }
            : null,
        },
        DateOfBirth: orNull(values.dateOfBirth),
        EmailAddress: values.emails,
      }));
  }, [t]);
}

/** The first message per field path ('emails.0', 'dateOfBirth', …) of a failed parse. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const issue of error.issues) byField[issue.path.join('.')] ??= issue.message;
  return byField;
}
