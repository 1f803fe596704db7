import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Combobox.css';
import { Alert, Button, Checkbox, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  INTEGRATION_SCHEDULES,
  INTEGRATION_TYPES,
  integrationBodySchema,
  type Integration,
  type IntegrationBodyInput,
  type IntegrationSchedule,
  type IntegrationType,
} from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, fieldErrors } from '../../../lib/api-errors.ts';
import { contractResolver } from '../../../lib/form.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { useMappingDepartments, useSaveIntegration } from '../api/integrations.ts';
import { FormActions } from '../../../components/form-actions.tsx';
import { Dialog } from '../../../components/dialog.tsx';

interface Values {
  Type: IntegrationType;
  Name: string;
  Source: string;
  Schedule: IntegrationSchedule;
  Active: boolean;
  WardMapping: { WardCode: string; DepartmentId: number | null }[];
  /** Write-only: empty keeps the stored key. */
  Secret: string;
  RemoveSecret: boolean;
}

interface IntegrationFormProps {
  /** The integration to change; null for a new one. */
  integration: Integration | null;
  organisationName: string | undefined;
  onClose: () => void;
}

function initial(integration: Integration | null): Values {
  return {
    Type: integration?.Type ?? 'mijncaress',
    Name: integration?.Name ?? '',
    Source: integration?.Source ?? '',
    Schedule: integration?.Schedule ?? 'manual',
    Active: integration?.Active ?? true,
    WardMapping: integration?.WardMapping.map((m) => ({ ...m })) ?? [],
    Secret: '',
    RemoveSecret: false,
  };
}

function toBody(values: Values): IntegrationBodyInput {
  return {
    Type: values.Type,
    Name: values.Name,
    Source: values.Source,
    Schedule: values.Schedule,
    Active: values.Active,
    WardMapping: values.WardMapping.map((m) => ({ WardCode: m.WardCode, DepartmentId: m.DepartmentId ?? 0 })),
    ...(values.RemoveSecret ? { Secret: null } : values.Secret ? { Secret: values.Secret } : {}),
  };
}

/** Create or change a Koppeling: type, name, source, schedule, ward codes and the write-only key. */
export function IntegrationForm({ integration, organisationName, onClose }: IntegrationFormProps) {
  const { t } = useTranslation();
  const save = useSaveIntegration();
  const departments = useMappingDepartments(organisationName);
  const resolve = contractResolver<IntegrationBodyInput>(integrationBodySchema);
  const form = useForm<Values>({
    initialValues: initial(integration),
    validate: (values) => resolve(toBody(values)),
  });
  const departmentOptions = (departments.data ?? []).map((d) => ({ value: String(d.Id), label: d.Name }));

  const submit = form.onSubmit((values) => {
    void withFeedback(save.mutateAsync({ id: integration?.Id ?? null, body: toBody(values) }), {
      onSuccess: () => {
        toastSuccess(t('integrations.saved', 'De koppeling is opgeslagen.'));
        onClose();
      },
      onError: (error) => form.setErrors(fieldErrors(error)),
    });
  });

  return (
    <Dialog
      opened
      onClose={onClose}
      size="lg"
      title={
        integration
          ? t('integrations.editTitle', 'Koppeling wijzigen')
          : t('integrations.newTitle', 'Nieuwe koppeling')
      }
      data-testid="integration-form"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label={t('integrations.type', 'Soort')}
            data={INTEGRATION_TYPES.map((type) => ({ value: type, label: t(`integrations.types.${type}`) }))}
            allowDeselect={false}
            data-testid="integration-type"
            {...form.getInputProps('Type')}
          />
          <TextInput
            label={t('integrations.name', 'Naam')}
            required
            data-testid="integration-name"
            {...form.getInputProps('Name')}
          />
          <TextInput
            label={t('integrations.source', 'Bron (adres)')}
            description={t(
              'integrations.sourceHint',
              'Een https-adres, of file:demo-bundle.json voor het meegeleverde voorbeeldbestand.',
            )}
            required
            data-testid="integration-source"
            {...form.getInputProps('Source')}
          />
          <Select
            label={t('integrations.schedule', 'Planning')}
            data={INTEGRATION_SCHEDULES.map((s) => ({ value: s, label: t(`integrations.schedules.${s}`) }))}
            allowDeselect={false}
            {...form.getInputProps('Schedule')}
          />
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              {t('integrations.wardMapping', 'Afdelingscodes')}
            </Text>
            {form.values.WardMapping.length === 0 && (
              <Text fz="sm" c="dimmed">
                {t('integrations.noWards', 'Nog geen afdelingscodes gekoppeld.')}
              </Text>
            )}
            {form.values.WardMapping.map((_, i) => (
              <Group key={i} gap="xs" align="flex-start" data-testid="ward-row">
                <TextInput
                  aria-label={t('integrations.wardCode', 'Afdelingscode')}
                  placeholder={t('integrations.wardCode', 'Afdelingscode')}
                  data-testid="ward-code"
                  {...form.getInputProps(`WardMapping.${i}.WardCode`)}
                />
                <Select
                  aria-label={t('integrations.department', 'Afdeling')}
                  placeholder={t('integrations.department', 'Afdeling')}
                  data={departmentOptions}
                  data-testid="ward-department"
                  value={
                    form.values.WardMapping[i]!.DepartmentId === null
                      ? null
                      : String(form.values.WardMapping[i]!.DepartmentId)
                  }
                  onChange={(v) => form.setFieldValue(`WardMapping.${i}.DepartmentId`, v ? Number(v) : null)}
                  error={form.errors[`WardMapping.${i}.DepartmentId`]}
                />
                <Button variant="subtle" color="red" onClick={() => form.removeListItem('WardMapping', i)}>
                  {t('integrations.removeWard', 'Weghalen')}
                </Button>
              </Group>
            ))}
            <Group>
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => form.insertListItem('WardMapping', { WardCode: '', DepartmentId: null })}
                data-testid="ward-add"
              >
                {t('integrations.addWard', 'Afdelingscode toevoegen')}
              </Button>
            </Group>
          </Stack>
          <PasswordInput
            label={t('integrations.secret', 'Sleutel (API-key)')}
            description={
              integration?.HasSecret
                ? t('integrations.secretSet', 'Sleutel ingesteld. Vul alleen in om hem te vervangen.')
                : t('integrations.secretHint', 'Wordt versleuteld bewaard en nooit meer getoond.')
            }
            autoComplete="new-password"
            disabled={form.values.RemoveSecret}
            data-testid="integration-secret"
            {...form.getInputProps('Secret')}
          />
          {integration?.HasSecret && (
            <Checkbox
              label={t('integrations.removeSecret', 'Sleutel verwijderen')}
              {...form.getInputProps('RemoveSecret', { type: 'checkbox' })}
            />
          )}
          <Checkbox
            label={t('integrations.active', 'Actief')}
            {...form.getInputProps('Active', { type: 'checkbox' })}
          />
          {save.isError && Object.keys(fieldErrors(save.error)).length === 0 && (
            <Alert color="red" role="alert">
              {apiErrorMessage(t, save.error)}
            </Alert>
          )}
          <FormActions
            onCancel={onClose}
            submitLabel={t('common.save', 'Opslaan')}
            loading={save.isPending}
            submitTestId="integration-save"
          />
        </Stack>
      </form>
    </Dialog>
  );
}
