import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/List.css';
import { lazy, Suspense } from 'react';
import { List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Flowchart } from '@zorgportaal/contract';
import { PageHeading } from '../../../components/page-heading.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useRouteTitle } from '../../../lib/use-route-title.ts';
import { useDepartments } from '../../../lib/administration/get-departments.ts';
import { useFlowchart } from '../api/get-flowchart.ts';
import { DepartmentDayPicker } from '../../../components/administration/department-day-picker.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { DepartmentGate } from '../../../components/administration/department-gate.tsx';
import { useDepartmentDay } from '../../../lib/administration/use-department-day.ts';
import { useStepTexts } from '../hooks/use-step-texts.ts';

// The graph library is only loaded on this screen.
const FlowchartGraph = lazy(async () => ({
  default: (await import('../components/flowchart-graph.tsx')).FlowchartGraph,
}));

function FlowchartContent({ flowchart }: { flowchart: Flowchart }) {
  const { t } = useTranslation();
  const steps = useStepTexts(flowchart);
  const label = t('administration.flowchart.label', 'Medicatieproces van {{department}} op {{date}}', {
    department: flowchart.DepartmentName,
    date: formatDate(flowchart.Date),
  });
  return (
    <Stack gap="md">
      <Suspense fallback={<Skeleton height={360} />}>
        <FlowchartGraph steps={steps} label={label} />
      </Suspense>
      <Stack component="section" gap="xs" aria-labelledby="flowchart-steps">
        <Title order={2} size="h4" id="flowchart-steps">
          {t('administration.flowchart.steps', 'Stappen')}
        </Title>
        <List type="ordered" spacing={4} data-testid="flowchart-steps">
          {steps.map((step) => (
            <List.Item
              key={step.key}
              data-testid="flowchart-step"
              data-step={step.key}
              data-count={step.count}
            >
              <Text span fw={600}>
                {step.label}
              </Text>
              : {step.count} {step.caption}
              {step.detail ? ` (${step.detail})` : ''}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Stack>
  );
}

/** /zp/medication/flowchart (Stroomdiagram): the medication process with live counts per step. */
export default function FlowchartPage() {
  const { t } = useTranslation();
  const title = useRouteTitle('routes.flowchart', 'Stroomdiagram');
  const departments = useDepartments();
  const day = useDepartmentDay(departments.data?.Rows);
  const { departmentId, date } = day;
  const flowchart = useFlowchart(departmentId === null ? null : { departmentId, date });

  const body = () => {
    if (departments.isPending || (departmentId !== null && flowchart.isPending))
      return <Skeleton height={360} aria-busy="true" data-testid="flowchart-skeleton" />;
    if (flowchart.isError)
      return (
        <LoadError
          message={t('administration.flowchart.error', 'Het stroomdiagram kon niet worden geladen.')}
          error={flowchart.error}
          onRetry={() => void flowchart.refetch()}
          data-testid="flowchart-error"
        />
      );
    return <FlowchartContent flowchart={flowchart.data!} />;
  };

  return (
    <Stack gap="md" maw={1200} data-testid="flowchart">
      <PageHeading title={title} />
      <DepartmentDayPicker departments={departments.data?.Rows} day={day} />
      <DepartmentGate departments={departments} departmentId={departmentId}>
        {body}
      </DepartmentGate>
    </Stack>
  );
}
