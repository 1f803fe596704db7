import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/page-heading.tsx';
import { toastSuccess } from '../../../lib/toast.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useDepartments } from '../../../lib/administration/get-departments.ts';
import { DiagramView } from '../../../components/administration/diagram-view.tsx';
import {
  DIAGRAM_GROUPINGS,
  DIAGRAM_MEASURES,
  DIAGRAM_PERIODS,
  saveDiagram,
  type DiagramGrouping,
  type DiagramMeasure,
} from '../../../lib/administration/diagrams.ts';

interface DiagramFormValues {
  measure: DiagramMeasure;
  groupBy: DiagramGrouping;
  /** As the period select holds it. */
  periodDays: string;
  departmentId: string | null;
  name: string;
}

/** /zp/medication/diagram/add (Diagrammen): compose a chart from the results, preview it live, save it. */
export default function DiagramAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
  const periodDays = Number(form.values.periodDays);
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
  const spec = { Measure: measure, GroupBy: groupBy, PeriodDays: periodDays, DepartmentId: departmentId };

  const save = () => {
    saveDiagram({ ...spec, Title: name.trim() || suggestedTitle });
    toastSuccess(t('administration.diagram.savedToast', 'Het diagram staat op het dashboard.'));
    // The saved diagrams are shown on the Toediendashboard (the Medicatiedashboard has its own lists).
    void navigate('/zp/administrationregistration/dashboard');
  };

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
          maxLength={100}
          size="md"
          style={{ flex: '1 1 20rem' }}
          data-testid="diagram-title"
        />
        <Button size="md" onClick={save} data-testid="diagram-save">
          {t('administration.diagram.save', 'Opslaan op dashboard')}
        </Button>
      </Group>
      <Text size="sm" c="dark.6">
        {t(
          'administration.diagram.storageNote',
          'Diagrammen worden in deze browser bewaard, voor uw account.',
        )}
      </Text>
    </Stack>
  );
}
