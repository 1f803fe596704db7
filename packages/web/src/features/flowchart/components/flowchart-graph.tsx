import { Handle, MarkerType, Position, type Edge, type Node, type NodeProps } from '@xyflow/react';
import { Paper, Stack, Text } from '@mantine/core';
import { StaticFlowGraph } from '../../../components/static-flow-graph.tsx';
import { FLOWCHART_EDGES, type FlowchartStep } from '@zorgportaal/contract';
import type { StepText } from '../hooks/use-step-texts.ts';

type StepData = { label: string; caption: string; count: number; detail?: string };
type StepNode = Node<StepData, 'step'>;

/** Where each step sits: left to right, the dispense step split into GDS (top) and loose (bottom). */
const POSITIONS: Record<FlowchartStep, { x: number; y: number }> = {
  prescribe: { x: 0, y: 90 },
  pharmacy_check: { x: 230, y: 90 },
  dispense_gds: { x: 460, y: 0 },
  dispense_loose: { x: 460, y: 180 },
  administer: { x: 690, y: 90 },
  register: { x: 920, y: 90 },
};

function StepNodeView({ data }: NodeProps<StepNode>) {
  return (
    <Paper withBorder shadow="xs" p="sm" radius="md" w={190} data-testid="flowchart-node">
      <Handle type="target" position={Position.Left} isConnectable={false} style={{ opacity: 0 }} />
      <Stack gap={0} align="center">
        <Text fw={700} size="sm" ta="center">
          {data.label}
        </Text>
        <Text fw={700} size="xl" c="blue.8" data-testid="flowchart-count">
          {data.count}
        </Text>
        <Text size="xs" c="dark.6" ta="center">
          {data.caption}
        </Text>
        {data.detail ? (
          <Text size="xs" ta="center">
            {data.detail}
          </Text>
        ) : null}
      </Stack>
      <Handle type="source" position={Position.Right} isConnectable={false} style={{ opacity: 0 }} />
    </Paper>
  );
}

const nodeTypes = { step: StepNodeView };

/** The medication process as a read-only graph (@xyflow/react): nothing to drag, every count as text. */
export function FlowchartGraph({ steps, label }: { steps: readonly StepText[]; label: string }) {
  const nodes: StepNode[] = steps.map((step) => ({
    id: step.key,
    type: 'step',
    position: POSITIONS[step.key],
    data: { label: step.label, caption: step.caption, count: step.count, detail: step.detail },
    draggable: false,
    selectable: false,
    connectable: false,
  }));
  const edges: Edge[] = FLOWCHART_EDGES.map(([source, target]) => ({
    id: `${source}-${target}`,
    source,
    target,
    markerEnd: { type: MarkerType.ArrowClosed, color: 'var(--mantine-color-gray-7)' },
    style: { strokeWidth: 2, stroke: 'var(--mantine-color-gray-7)' },
  }));
  return (
    <StaticFlowGraph
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      height={360}
      label={label}
      testId="flowchart-graph"
    />
  );
}
