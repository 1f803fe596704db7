import '@xyflow/react/dist/style.css';
import { Background, ReactFlow, type Edge, type Node, type NodeTypes } from '@xyflow/react';
import { Paper } from '@mantine/core';

/**
 * A read-only @xyflow/react picture: no dragging, zooming, panning or focus (the screens offer the same data
 * as a keyboard-usable list next to it), labelled as one image for screen readers.
 */
export function StaticFlowGraph<N extends Node>({
  nodes,
  edges,
  nodeTypes,
  height,
  label,
  testId,
}: {
  nodes: N[];
  edges: Edge[];
  nodeTypes: NodeTypes;
  height: number;
  label: string;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" h={height} role="img" aria-label={label} data-testid={testId}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        fitView
        fitViewOptions={{ padding: 0.1 }}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        zoomOnScroll={false}
        preventScrolling={false}
        panOnDrag={false}
        zoomOnPinch={false}
        zoomOnDoubleClick={false}
        proOptions={{ hideAttribution: true }}
        nodesFocusable={false}
        edgesFocusable={false}
      >
        <Background gap={24} />
      </ReactFlow>
    </Paper>
  );
}
