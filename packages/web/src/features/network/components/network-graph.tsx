import { Handle, MarkerType, Position, type Edge, type Node, type NodeProps } from '@xyflow/react';
import { Paper, Stack, Text } from '@mantine/core';
import { StaticFlowGraph } from '../../../components/static-flow-graph.tsx';
import type { Network } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';

type BoxData = { title: string; caption: string; own?: boolean };
type BoxNode = Node<BoxData, 'box'>;

function BoxView({ data }: NodeProps<BoxNode>) {
  return (
    <Paper
      withBorder
      shadow="xs"
      p="xs"
      radius="md"
      w={200}
      bg={data.own ? 'blue.0' : undefined}
      data-testid="network-node"
    >
      <Handle type="target" position={Position.Top} isConnectable={false} style={{ opacity: 0 }} />
      <Stack gap={0} align="center">
        <Text fw={700} size="sm" ta="center">
          {data.title}
        </Text>
        <Text size="xs" c="dark.6" ta="center">
          {data.caption}
        </Text>
      </Stack>
      <Handle type="source" position={Position.Bottom} isConnectable={false} style={{ opacity: 0 }} />
    </Paper>
  );
}

const nodeTypes = { box: BoxView };
const W = 230;

/**
 * The network as a read-only graph: partner organisations on top, the own organisation in the middle,
 * its locations and departments below. An inactive link is dashed and says so in its label; the list
 * next to it holds the same data for keyboard and screen-reader users.
 */
export function NetworkGraph({ network, label }: { network: Network; label: string }) {
  const { t } = useTranslation();
  const own = network.Entity;
  const partners = network.Links.map((l) => (l.From.Id === own.Id ? l.To : l.From)).filter(
    (p, i, all) => all.findIndex((q) => q.Id === p.Id) === i,
  );
  const nodes: BoxNode[] = [];
  const edges: Edge[] = [];
  const row = (count: number, i: number) => (i - (count - 1) / 2) * W;
  partners.forEach((p, i) =>
    nodes.push({
      id: `e${p.Id}`,
      type: 'box',
      position: { x: row(partners.length, i), y: 0 },
      data: { title: p.Name, caption: t(`entityType.${p.Type}`) },
    }),
  );
  nodes.push({
    id: `e${own.Id}`,
    type: 'box',
    position: { x: 0, y: 170 },
    data: { title: own.Name, caption: t(`entityType.${own.Type}`), own: true },
  });
  const departments = network.Locations.flatMap((loc) =>
    loc.Departments.map((d) => ({ ...d, location: loc.Name, locationId: loc.Id })),
  );
  network.Locations.forEach((loc, i) => {
    nodes.push({
      id: `l${loc.Id}`,
      type: 'box',
      position: { x: row(network.Locations.length, i), y: 300 },
      data: { title: loc.Name, caption: t('network.location', 'Locatie') },
    });
    edges.push({ id: `own-l${loc.Id}`, source: `e${own.Id}`, target: `l${loc.Id}` });
  });
  departments.forEach((d, i) => {
    nodes.push({
      id: `d${d.Id}`,
      type: 'box',
      position: { x: row(departments.length, i), y: 420 },
      data: { title: d.Name, caption: t('network.department', 'Afdeling') },
    });
    edges.push({ id: `l${d.locationId}-d${d.Id}`, source: `l${d.locationId}`, target: `d${d.Id}` });
  });
  for (const link of network.Links) {
    const role = t(`networkRole.${link.Role}`);
    edges.push({
      id: `link${link.Id}`,
      source: `e${link.From.Id}`,
      target: `e${link.To.Id}`,
      label: link.Active ? role : `${role} (${t('network.inactive', 'niet actief')})`,
      markerEnd: { type: MarkerType.ArrowClosed },
      style: { strokeWidth: 2, strokeDasharray: link.Active ? undefined : '6 4' },
    });
  }
  return (
    <StaticFlowGraph
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      height={520}
      label={label}
      testId="network-graph"
    />
  );
}
