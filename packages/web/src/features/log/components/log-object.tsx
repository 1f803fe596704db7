import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AUDIT_OBJECTS, type LogRow } from '@zorgportaal/contract';
import { useLogLabels } from '../hooks/use-log-labels.ts';

/** Object types whose id means nothing to a reader: the label alone (the user column says who). */
const WITHOUT_ID: readonly string[] = [AUDIT_OBJECTS.session, AUDIT_OBJECTS.login, AUDIT_OBJECTS.logout];

/** An order list's id is the side that read it (care centre or pharmacy): shown by its translated name. */
const ORDER_SIDES: readonly string[] = ['carecentre', 'pharmacy'];

/**
 * What an entry is about, readable: the catalogue label with the object's name (a person's or
 * client's name, a username, a department); the client concerned; a list view's clients.
 */
export function LogObject({
  row,
  linkTo,
}: {
  row: LogRow;
  linkTo: (filter: 'userId' | 'personId', id: string) => string;
}) {
  const { t } = useTranslation();
  const labels = useLogLabels();
  const label = labels.object(row.ObjectType);
  const side =
    row.ObjectType === AUDIT_OBJECTS.order_list && row.ObjectId && ORDER_SIDES.includes(row.ObjectId)
      ? t(`log.orderSide.${row.ObjectId}`)
      : null;
  // A client's screen (its medication overview, INR values) has the client's id as its object id.
  const client = row.PatientId !== null && row.ObjectId === String(row.PatientId) ? row.PatientName : null;
  const name =
    row.ObjectName ?? client ?? side ?? (WITHOUT_ID.includes(row.ObjectType) ? null : row.ObjectId);
  const text = name ? `${label}: ${name}` : label;
  const patientName = row.PatientName && row.PatientName !== name ? row.PatientName : null;
  const related = row.RelatedPatients;
  return (
    <>
      {row.ObjectType === AUDIT_OBJECTS.person && row.ObjectId ? (
        <Anchor
          component={Link}
          to={linkTo('personId', row.ObjectId)}
          fz="sm"
          title={t('log.viewPerson', 'Wie heeft deze persoon bekeken')}
        >
          {text}
        </Anchor>
      ) : (
        text
      )}
      {patientName ? (
        <Text fz="xs" c="dimmed" data-testid="log-patient">
          {labels.object(AUDIT_OBJECTS.patient)}: {patientName}
        </Text>
      ) : null}
      {related.length > 0 ? (
        <Text
          fz="xs"
          c="dimmed"
          data-testid="log-related"
          title={related.map((p) => p.Name ?? `#${p.Id}`).join(', ')}
        >
          {related.length === 1
            ? t('log.patientsOne', '1 cliënt')
            : t('log.patients', '{{count}} cliënten', { count: related.length })}
        </Text>
      ) : null}
    </>
  );
}
