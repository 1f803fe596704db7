import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DIAGRAM_GROUPINGS,
  DIAGRAM_MEASURES,
  DIAGRAM_PERIODS,
  DIAGRAM_TITLE_MAX,
  findProtectedRoute,
  type DiagramDefinition,
  type DiagramGrouping,
  type DiagramMeasure,
  type DiagramPeriod,
} from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { apiErrorMessage, fieldErrors } from '../../../lib/api-errors.ts';
import { mayOpen } from '../../../lib/session.ts';
import { withFeedback } from '../../../lib/mutation-feedback.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useDepartments } from '../../../lib/administration/get-departments.ts';
import { useCreateDiagram } from '../../../lib/administration/saved-diagrams.ts';
import { DiagramView } from '../../../components/administration/diagram-view.tsx';
import { SavedDiagrams } from '../../../components/administration/saved-diagrams.tsx';

const WARD_DASHBOARD = findProtectedRoute('/zp/administrationregistration/dashboard');

interface DiagramFormValues {
  measure: DiagramMeasure;
  groupBy: DiagramGrouping;
  /** As the period select holds it. */
  periodDays: string;
  departmentId: string | null;
  name: string;
}

/**
 * /zp/medication/diagram/add (Diagrammen): compose a chart from the results, preview it live, save it
 * for the organisation; below, the organisation's saved diagrams (every role with this screen sees them
 * here, ward roles on the Toediendashboard too).
 */
export default function DiagramAddPage() {
  const { t } = useTranslation();
  const create = useCreateDiagram();
  const title = useRouteTitle('routes.diagrams', 'Diagrammen');
  const departments = useDepartments();
  // Every choice is a fixed list, so there is nothing to refuse; the preview follows the values.
  const form = useForm<DiagramFormValues>({
    initialValues: {
      measure: 'deviations',
      groupBy: 'department',
      periodDays: '7',
      departmentId: null,
      name: '',
    },
  });
  const { measure, groupBy, name } = form.values;
  const periodDays = Number(form.values.periodDays) as DiagramPeriod;
  const departmentId = form.values.departmentId === null ? null : Number(form.values.departmentId);

  const suggestedTitle = t(
    'administration.diagram.suggestedTitle',
    '{{measure}} per {{grouping}}, {{days}} dagen',
    {
      measure: t(`administration.diagram.measure.${measure}`),
      grouping: t(`resultGrouping.${groupBy}`).toLowerCase(),
      days: periodDays,
    },
  );
  const spec: DiagramDefinition = {
    Measure: measure,
    GroupBy: groupBy,
    PeriodDays: periodDays,
    DepartmentId: departmentId,
  };

  // The page stays: the new diagram is the first of the list below.
  const save = () =>
    void withFeedback(create.mutateAsync({ Title: name.trim() || suggestedTitle, Definition: spec }), {
      onSuccess: () => {
        form.setFieldValue('name', '');
        toastSuccess(
          WARD_DASHBOARD && mayOpen(WARD_DASHBOARD)
            ? t(
                'administration.diagram.savedToastWard',
                'Het diagram is opgeslagen voor uw organisatie: het staat hieronder en op het Toediendashboard.',
              )
            : t(
                'administration.diagram.savedToast',
                'Het diagram is opgeslagen voor uw organisatie: het staat hieronder.',
              ),
        );
      },
      onError: (error) => {
        // The title is the one field typed here; a refused choice or the limit goes to a toast.
        const fields = fieldErrors(error);
        if (fields.Title) form.setFieldError('name', fields.Title);
        else toastError(apiErrorMessage(t, error));
      },
    });

  return (
    <Stack gap="md" maw={1100} data-testid="diagram-add">
      <PageHeading title={title} />
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Select
            label={t('administration.diagram.measureLabel', 'Wat meten')}
            data={DIAGRAM_MEASURES.map((value) => ({
              value,
              label: t(`administration.diagram.measure.${value}`),
            }))}
            value={measure}
            onChange={(value) => value && form.setFieldValue('measure', value as DiagramMeasure)}
            allowDeselect={false}
            size="md"
            data-testid="diagram-measure"
          />
          <Select
            label={t('administration.results.groupBy', 'Groeperen op')}
            data={DIAGRAM_GROUPINGS.map((value) => ({ value, label: t(`resultGrouping.${value}`) }))}
            value={groupBy}
            onChange={(value) => value && form.setFieldValue('groupBy', value as DiagramGrouping)}
            allowDeselect={false}
            size="md"
            data-testid="diagram-group-by"
          />
          <Select
            label={t('administration.diagram.period', 'Periode')}
            data={DIAGRAM_PERIODS.map((days) => ({
              value: String(days),
              label: t('administration.diagram.lastDays', 'Laatste {{days}} dagen', { days }),
            }))}
            value={form.values.periodDays}
            onChange={(value) => value && form.setFieldValue('periodDays', value)}
            allowDeselect={false}
            size="md"
            data-testid="diagram-period"
          />
          <Select
            label={t('administration.department', 'Afdeling')}
            placeholder={t('administration.results.allDepartments', 'Alle afdelingen')}
            data={(departments.data?.Rows ?? []).map((row) => ({ value: String(row.Id), label: row.Name }))}
            {...form.getInputProps('departmentId')}
            clearable
            size="md"
            data-testid="diagram-department"
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="diagram-preview">
        <Title order={2} size="h4" id="diagram-preview" mb="sm">
          {name.trim() || suggestedTitle}
        </Title>
        <DiagramView spec={spec} label={name.trim() || suggestedTitle} />
      </Paper>
      <Group align="flex-end" gap="sm">
        <TextInput
          label={t('administration.diagram.title', 'Titel')}
          placeholder={suggestedTitle}
          {...form.getInputProps('name')}
          maxLength={DIAGRAM_TITLE_MAX}
          size="md"
          style={{ flex: '1 1 20rem' }}
          data-testid="diagram-title"
        />
        <Button size="md" onClick={save} loading={create.isPending} data-testid="diagram-save">
          {t('administration.diagram.save', 'Diagram opslaan')}
        </Button>
      </Group>
      <SavedDiagrams />
    </Stack>
  );
}
