import '@mantine/core/styles/Skeleton.css';
import type { ReactNode } from 'react';
import { Alert, Group, Skeleton, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TrombosisPatientList } from '@zorgportaal/contract';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeading } from '../../../components/page-heading.tsx';
import { TrombosisPatientSelect } from './trombosis-patient-select.tsx';

interface PatientPageProps<T> {
  title: string;
  testId: string;
  /** Next to the heading, e.g. a print button. */
  actions?: ReactNode;
  /** Keeps the heading off paper when only part of the page is printed. */
  headingNoPrint?: boolean;
  patients: UseQueryResult<TrombosisPatientList>;
  patientId: number | null;
  onChoose: (id: number | null) => void;
  /** The chosen patient's data; the page shows it once loaded. */
  query: UseQueryResult<T>;
  /** Shown while no patient is chosen. */
  noPatient: { text: string; testId: string };
  /** The heights of the skeletons while loading. */
  skeletons: readonly number[];
  /** What could not be loaded. */
  errorMessage: string;
  children: (data: T, patientId: number) => ReactNode;
}

/** A trombosis page about one patient: heading, patient choice, then loading, error or the patient's data. */
export function PatientPage<T>(props: PatientPageProps<T>) {
  const { t } = useTranslation();
  const { patients, query } = props;

  const body = () => {
    if (props.patientId === null)
      return (
        <Alert color="gray" variant="light" data-testid={props.noPatient.testId}>
          {props.noPatient.text}
        </Alert>
      );
    if (query.isPending)
      return (
        <Stack gap="sm" aria-busy="true">
          {props.skeletons.map((height, i) => (
            <Skeleton key={i} height={height} />
          ))}
        </Stack>
      );
    if (query.isError)
      return (
        <LoadError message={props.errorMessage} error={query.error} onRetry={() => void query.refetch()} />
      );
    return props.children(query.data, props.patientId);
  };

  return (
    <Stack gap="md" maw={1200} data-testid={props.testId}>
      <Group
        justify="space-between"
        align="flex-end"
        wrap="wrap"
        data-no-print={props.headingNoPrint || undefined}
      >
        <PageHeading title={props.title} />
        {props.actions}
      </Group>
      {patients.isError ? (
        <LoadError
          message={t('trombosis.patientsError', 'De cliënten konden niet worden geladen.')}
          error={patients.error}
          onRetry={() => void patients.refetch()}
        />
      ) : (
        <TrombosisPatientSelect
          patients={patients.data?.Rows ?? []}
          value={props.patientId}
          onChange={props.onChoose}
        />
      )}
      {body()}
    </Stack>
  );
}
