import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import { Alert, Anchor, Group, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { patientBodySchema, type Patient, type PatientBodyInput } from '@zorgportaal/contract';
import { apiErrorMessage, fieldErrors } from '../../lib/api-errors.ts';
import { withFeedback } from '../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { useDepartments } from '../../lib/administration/get-departments.ts';
import { AlreadyClientError, usePrescriberOptions, useSavePatient } from './patient-api.ts';
import { FormActions } from '../form-actions.tsx';
import { Dialog } from '../dialog.tsx';

type FormValues = Omit<PatientBodyInput, 'DepartmentId' | 'PrescriberEntityId'> & {
  DepartmentId: number | null;
  PrescriberEntityId: number | null;
};

interface PatientFormDialogProps {
  /** Whose care data: the person's screen name, shown in the title. */
  name: string;
  /** Make this person a client … */
  personId?: number;
  /** … or change this patient's care data. */
  patient?: Patient;
  /** Shown above the form, e.g. why an existing client's data is shown. */
  notice?: string;
  onClose: () => void;
  onSaved?: (patient: Patient) => void;
  /** The person turned out to be a client already: the caller may switch to editing that patient. */
  onAlreadyClient?: (patientId: number) => void;
}

/** The id of the existing patient when the person is a client already. */
const existingPatientId = (error: unknown): number | null =>
  error instanceof AlreadyClientError ? error.patientId : null;

/** The select's options: the linked GP practices, plus the current prescriber should its link have ended. */
function prescriberData(rows: { Id: number; Name: string }[], patient: Patient | undefined) {
  const options = rows.map((row) => ({ value: String(row.Id), label: row.Name }));
  const current = patient?.PrescriberEntityId;
  if (current != null && !rows.some((row) => row.Id === current))
    options.push({ value: String(current), label: patient?.PrescriberName ?? String(current) });
  return options;
}

/** Make a person a client, or edit a client's BSN (elfproef), department, room, GP and allergies. */
export function PatientFormDialog(props: PatientFormDialogProps) {
  const { name, personId, patient, notice, onClose, onSaved, onAlreadyClient } = props;
  const { t } = useTranslation();
  // Rendered only while open: the opener gets the focus back when it unmounts.
  const departments = useDepartments();
  const save = useSavePatient();
  const prescribers = usePrescriberOptions();
  const form = useForm<FormValues>({
    mode: 'controlled',
    initialValues: {
      Bsn: patient?.Bsn ?? '',
      DepartmentId: patient?.DepartmentId ?? null,
      Room: patient?.Room ?? '',
      GpName: patient?.GpName ?? '',
      // Not on this form: kept as it is.
      PharmacyEntityId: patient?.PharmacyEntityId ?? null,
      PrescriberEntityId: patient?.PrescriberEntityId ?? null,
      Allergies: patient?.Allergies ?? [],
    },
    validate: zod4Resolver(patientBodySchema),
  });

  const submit = form.onSubmit((values) => {
    void withFeedback(
      save.mutateAsync({
        target: patient ? { patientId: patient.Id } : { personId: personId! },
        body: patientBodySchema.parse(values),
      }),
      {
        onSuccess: (saved) => {
          toastSuccess(
            patient
              ? t('patients.form.updated', 'De cliëntgegevens zijn opgeslagen.')
              : t('patients.form.created', '{{name}} is nu cliënt.', { name }),
          );
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => {
          const existing = existingPatientId(error);
          if (existing !== null && onAlreadyClient) onAlreadyClient(existing);
          else form.setErrors(fieldErrors(error));
        },
      },
    );
  });

  const already = existingPatientId(save.error);
  const title = patient
    ? t('patients.form.editTitle', 'Cliëntgegevens van {{name}}', { name })
    : t('patients.form.createTitle', '{{name}} cliënt maken', { name });

  return (
    <Dialog opened onClose={onClose} title={title} size="lg" data-testid="patient-form-dialog">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {notice ? (
            <Alert color="blue" variant="light" data-testid="patient-form-notice">
              {notice}
            </Alert>
          ) : null}
          {save.isError ? (
            <Alert color="red" variant="light" role="alert" data-testid="patient-form-error">
              {already !== null ? (
                <>
                  {t('patients.form.already', 'Deze persoon is al cliënt.')}{' '}
                  <Anchor component={Link} to={`/amo?patient=${already}`} onClick={onClose}>
                    {t('patients.form.openAmo', 'Naar het medicatieoverzicht')}
                  </Anchor>
                </>
              ) : (
                apiErrorMessage(t, save.error)
              )}
            </Alert>
          ) : null}
          <TextInput
            label={t('patients.form.bsn', 'BSN')}
            description={t('patients.form.bsnHelp', '9 cijfers; wordt gecontroleerd met de elfproef.')}
            inputMode="numeric"
            autoComplete="off"
            withAsterisk
            data-autofocus
            data-testid="patient-bsn"
            {...form.getInputProps('Bsn')}
          />
          <Select
            label={t('patients.form.department', 'Afdeling')}
            withAsterisk
            data={(departments.data?.Rows ?? []).map((department) => ({
              value: String(department.Id),
              label: department.Name,
            }))}
            value={form.values.DepartmentId === null ? null : String(form.values.DepartmentId)}
            onChange={(value) => form.setFieldValue('DepartmentId', value ? Number(value) : null)}
            error={form.errors.DepartmentId}
            disabled={departments.isPending}
            data-testid="patient-department"
          />
          <Group grow align="flex-start">
            <TextInput
              label={t('patients.form.room', 'Kamer')}
              data-testid="patient-room"
              {...form.getInputProps('Room')}
            />
            <TextInput
              label={t('patients.form.gp', 'Huisarts')}
              data-testid="patient-gp"
              {...form.getInputProps('GpName')}
            />
          </Group>
          <Select
            label={t('patients.form.prescriber', 'Voorschrijver (huisartsenpraktijk)')}
            description={t(
              'patients.form.prescriberHelp',
              'De praktijk ziet deze cliënt in het voorschrijversportaal.',
            )}
            clearable
            placeholder={t('patients.form.prescriberNone', 'Geen')}
            data={prescriberData(prescribers.data?.Rows ?? [], patient)}
            value={form.values.PrescriberEntityId === null ? null : String(form.values.PrescriberEntityId)}
            onChange={(value) => form.setFieldValue('PrescriberEntityId', value ? Number(value) : null)}
            error={form.errors.PrescriberEntityId}
            disabled={prescribers.isPending}
            data-testid="patient-prescriber"
          />
          <TagsInput
            label={t('patients.form.allergies', 'Allergieën')}
            description={t('patients.form.allergiesHelp', 'Typ een allergie en druk op Enter.')}
            clearable
            data-testid="patient-allergies"
            {...form.getInputProps('Allergies')}
          />
          <FormActions
            onCancel={onClose}
            submitLabel={t('common.save', 'Opslaan')}
            loading={save.isPending}
            submitTestId="patient-form-submit"
            mt="sm"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
