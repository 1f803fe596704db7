import '@mantine/core/styles/Skeleton.css';
import { useState } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { useTranslation } from 'react-i18next';
import type { Agreement } from '@zorgportaal/contract';
import { PageHeading } from '../../../components/page-heading.tsx';
import { PrintButton } from '../../../components/print-button.tsx';
import { getEntityType, hasPermission } from '../../../lib/session.ts';
import { usePatientParam } from '../../../lib/use-patient-param.ts';
import { usePrintAudit } from '../../../lib/print-audit.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { RECENT_DAYS, useAgreements } from '../api/get-agreements.ts';
import { usePatient } from '../api/get-patient.ts';
import { useCoumarinMismatch } from '../api/get-coumarin-mismatch.ts';
import { CoumarinMismatchAlert } from '../../../components/coumarin-mismatch-alert.tsx';
import { AgreementFormDialog } from '../components/agreement-form-dialog.tsx';
import { AgreementsTable } from '../components/agreements-table.tsx';
import { PatientFormDialog } from '../../../components/patient-form/patient-form-dialog.tsx';
import { PatientHeader } from '../components/patient-header.tsx';
import { PatientPicker } from '../components/patient-picker.tsx';
import { StopAgreementDialog } from '../components/stop-agreement-dialog.tsx';
import { AgreementSignature } from '../components/agreement-signature.tsx';
import { RecordConsentDialog } from '../../../components/record-consent-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';

type Dialog =
  | { kind: 'start' }
  | { kind: 'change'; agreement: Agreement }
  | { kind: 'stop'; agreement: Agreement }
  | { kind: 'client' }
  | { kind: 'sign'; agreement: Agreement };

/**
 * /amo (Actueel medicatie overzicht) and /mijngib (MijnGiB overzicht): one screen, each path keeps
 * its own title. Per patient the active and recently stopped agreements; start, change and stop
 * with medication.write; printable.
 */
export default function AmoPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('routes.amo', 'Actueel medicatie overzicht');
  const [patientId, choose] = usePatientParam();
  const patient = usePatient(patientId);
  const agreements = useAgreements(patientId);
  const coumarinMismatch = useCoumarinMismatch(patientId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  usePrintAudit(patient.data ? { Screen: 'medication_agreements', PatientIds: [patient.data.Id] } : null);
  const mayWrite = hasPermission('medication.write');
  // The prescriber (VP, a GP practice: not the care centre's or pharmacy's own staff) signs agreements.
  // The client's access overview is the responsible care centre's (its log readers).
  const mayReadAccess = hasPermission('log.read') && getEntityType() === 'carecenter';
  const maySign = mayWrite && hasPermission('vp.read') && getEntityType() === 'customer';

  const body = () => {
    if (patientId === null)
      return (
        <Alert color="gray" variant="light" data-testid="amo-no-patient">
          {t('medication.choosePatient', 'Kies een cliënt om het medicatieoverzicht te zien.')}
        </Alert>
      );
    if (patient.isPending || agreements.isPending)
      return (
        <Stack gap="sm" aria-busy="true" data-testid="amo-skeleton">
          <Skeleton height={120} />
          <Skeleton height={220} />
        </Stack>
      );
    if (patient.isError)
      return (
        <LoadError
          message={t('medication.patientError', 'De cliënt kon niet worden geladen.')}
          error={patient.error}
          onRetry={() => void patient.refetch()}
        />
      );
    if (agreements.isError)
      return (
        <LoadError
          message={t('medication.agreementsError', 'De medicatieafspraken konden niet worden geladen.')}
          error={agreements.error}
          onRetry={() => void agreements.refetch()}
        />
      );
    const rows = agreements.data.Rows;
    const current = rows.filter((row) => row.Status === 'active' || row.Status === 'future');
    const past = rows.filter((row) => row.Status === 'ended' || row.Status === 'stopped');
    return (
      <Stack gap="lg">
        <PatientHeader
          patient={patient.data}
          // The client's data belong to the care centre: a GP practice (customer) signs and prescribes, it does not edit them.
          onEdit={
            mayWrite && getEntityType() !== 'customer' ? () => setDialog({ kind: 'client' }) : undefined
          }
        />
        {coumarinMismatch.data ? <CoumarinMismatchAlert mismatch={coumarinMismatch.data} /> : null}
        <Stack component="section" gap="xs" aria-labelledby="amo-current">
          <Group justify="space-between">
            <Title order={2} size="h4" id="amo-current">
              {t('medication.current', 'Actuele medicatie')} ({current.length})
            </Title>
            {mayWrite ? (
              <Button
                size="md"
                onClick={() => setDialog({ kind: 'start' })}
                data-no-print
                data-testid="agreement-start"
              >
                {t('medication.start', 'Afspraak starten')}
              </Button>
            ) : null}
          </Group>
          {current.length === 0 ? (
            <Text c="dark.6" data-testid="amo-empty">
              {t('medication.noCurrent', 'Geen actuele medicatieafspraken.')}
            </Text>
          ) : (
            <AgreementsTable
              rows={current}
              testId="agreements-current"
              onChange={mayWrite ? (agreement) => setDialog({ kind: 'change', agreement }) : undefined}
              onStop={mayWrite ? (agreement) => setDialog({ kind: 'stop', agreement }) : undefined}
              signature={
                maySign
                  ? (agreement) => (
                      <AgreementSignature
                        patient={patient.data}
                        agreement={agreement}
                        onSign={(a) => setDialog({ kind: 'sign', agreement: a })}
                      />
                    )
                  : undefined
              }
            />
          )}
        </Stack>
        <Stack component="section" gap="xs" aria-labelledby="amo-past">
          <Title order={2} size="h4" id="amo-past">
            {t('medication.recentlyStopped', 'Recent gestopt (laatste {{days}} dagen)', {
              days: RECENT_DAYS,
            })}{' '}
            ({past.length})
          </Title>
          {past.length === 0 ? (
            <Text c="dark.6">{t('medication.noPast', 'Geen recent gestopte afspraken.')}</Text>
          ) : (
            <AgreementsTable rows={past} testId="agreements-past" />
          )}
        </Stack>
      </Stack>
    );
  };

  return (
    <Stack gap="md" maw={1200} data-testid="amo">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageHeading title={title} />
        {patient.data ? (
          <Group gap="sm">
            {mayReadAccess ? (
              <Button
                component={Link}
                to={`/management/log/access?patient=${patient.data.Id}`}
                variant="default"
                size="md"
                data-no-print
                data-testid="amo-access-overview"
              >
                {t('medication.accessOverview', 'Wie heeft dit dossier ingezien')}
              </Button>
            ) : null}
            <PrintButton size="md" />
          </Group>
        ) : null}
      </Group>
      <PatientPicker value={patient.data ?? null} onChange={choose} />
      {body()}
      {dialog?.kind === 'start' && patientId !== null ? (
        <AgreementFormDialog patientId={patientId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'change' && patientId !== null ? (
        <AgreementFormDialog
          patientId={patientId}
          agreement={dialog.agreement}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'client' && patient.data ? (
        <PatientFormDialog
          name={patient.data.ScreenName}
          patient={patient.data}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'sign' && patient.data ? (
        <RecordConsentDialog
          patientId={patient.data.Id}
          patientName={patient.data.ScreenName}
          agreement={{
            id: dialog.agreement.Id,
            description: t('medication.signature.description', {
              medication: dialog.agreement.Medication.Name,
              start: formatDate(dialog.agreement.Start),
              defaultValue: '{{medication}}, vanaf {{start}}',
            }),
          }}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'stop' ? (
        <StopAgreementDialog agreement={dialog.agreement} onClose={() => setDialog(null)} />
      ) : null}
    </Stack>
  );
}
