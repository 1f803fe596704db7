import '@mantine/core/styles/Table.css';
import { Stack, Table, Text, Title } from '@mantine/core';
import { COUMARINS, type DosageScheme } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { weekdayLongNames } from '../../../lib/weekdays.ts';
import { calendarWeeks, tabletsText } from '../utils/tablets.ts';
import classes from './dosing-calendar.module.css';

interface DosingCalendarProps {
  scheme: DosageScheme;
  patient: { ScreenName: string; DateOfBirth: string | null };
}

/**
 * The doseerkalender: from the start of the scheme to the next check, a week per row with each day's
 * tablets, to hang by the patient's medication. Always in Dutch (the patient's own document), A4.
 * The date of birth tells two clients of the same name apart on paper; the contact line says whom
 * to call, the service that wrote the scheme (the portal keeps no phone number or e-mail address for
 * an organisation, so it is the name alone).
 */
export function DosingCalendar({ scheme, patient }: DosingCalendarProps) {
  const { i18n } = useTranslation();
  const nl = i18n.getFixedT('nl');
  const drug = COUMARINS[scheme.Drug];
  const weeks = calendarWeeks(scheme.ValidFrom, scheme.NextCheck, scheme.TabletsPerDay);
  const days = weekdayLongNames(nl);
  return (
    <Stack
      gap="xs"
      className={classes.calendar}
      lang="nl"
      data-testid="dosing-calendar"
      data-print-avoid-break
    >
      <Title order={2} size="h3">
        {nl('trombosis.calendar.title', 'Doseerkalender')} – {patient.ScreenName}
      </Title>
      {patient.DateOfBirth ? (
        <Text data-testid="dosing-calendar-born">
          {nl('trombosis.calendar.born', 'Geboren op {{date}}', { date: formatDate(patient.DateOfBirth) })}
        </Text>
      ) : null}
      <Text>
        {nl('trombosis.calendar.drug', '{{drug}} {{mg}} mg tabletten, in te nemen ’s avonds.', {
          drug: scheme.Drug === 'acenocoumarol' ? 'Acenocoumarol' : 'Fenprocoumon',
          mg: drug.StrengthMg,
        })}{' '}
        {nl('trombosis.calendar.period', 'Van {{from}} tot de controle op {{check}}.', {
          from: formatDate(scheme.ValidFrom),
          check: formatDate(scheme.NextCheck),
        })}
      </Text>
      <Table withTableBorder withColumnBorders className={classes.table} data-testid="dosing-calendar-table">
        <Table.Thead>
          <Table.Tr>
            {days.map((d) => (
              <Table.Th key={d}>{d}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {weeks.map((week, w) => (
            <Table.Tr key={w}>
              {week.map((day, d) => (
                <Table.Td key={d} className={day ? undefined : classes.outside}>
                  {day ? (
                    <>
                      <Text size="xs" c="dark.6">
                        {formatDate(day.date).slice(0, 5)}
                      </Text>
                      {day.check ? (
                        <Text fw={700} data-testid="calendar-check">
                          {nl('trombosis.calendar.check', 'INR-controle')}
                        </Text>
                      ) : (
                        <Text fw={700} fz="lg" data-testid="calendar-dose">
                          {tabletsText(day.tablets)}
                        </Text>
                      )}
                      {!day.check ? <span className={classes.tick} aria-hidden="true" /> : null}
                    </>
                  ) : null}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        {nl(
          'trombosis.calendar.legend',
          'Aantal tabletten per dag; ½ is een halve tablet. Zet na inname een kruisje in het vakje. Weektotaal {{mg}} mg.',
          { mg: scheme.WeekTotalMg },
        )}
      </Text>
      {scheme.Note ? <Text size="sm">{scheme.Note}</Text> : null}
      {scheme.ServiceName ? (
        <Text size="sm" fw={600} data-testid="dosing-calendar-contact">
          {nl('trombosis.calendar.contact', 'Vragen over uw doseerschema? Neem contact op met {{service}}.', {
            service: scheme.ServiceName,
          })}
          {/* How to reach the service, as far as it has set it (Geavanceerd → Contactgegevens). */}
          {scheme.ServicePhone || scheme.ServiceEmail ? (
            <span data-testid="dosing-calendar-contact-details">
              {' '}
              {[
                scheme.ServicePhone
                  ? nl('trombosis.calendar.phone', 'Telefoon {{phone}}', { phone: scheme.ServicePhone })
                  : null,
                scheme.ServiceEmail
                  ? nl('trombosis.calendar.email', 'e-mail {{email}}', { email: scheme.ServiceEmail })
                  : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : null}
        </Text>
      ) : null}
    </Stack>
  );
}
