import { Box, Group, Stack, Text } from '@mantine/core';
import type { DiagramRow } from '../../lib/administration/diagrams.ts';

const NUMBER = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });

interface BarChartProps {
  rows: readonly DiagramRow[];
  percentage: boolean;
  /** The colour of a bar; default the primary blue. */
  colorOf?: (row: DiagramRow) => string;
  label: string;
}

/**
 * A horizontal bar chart in plain HTML: every bar carries its label and value as text, so it reads
 * the same with a screen reader, in print and on a narrow tablet (no chart library needed).
 */
export function BarChart({ rows, percentage, colorOf, label }: BarChartProps) {
  const max = percentage ? 100 : Math.max(1, ...rows.map((row) => row.value));
  return (
    <Stack component="figure" gap={6} m={0} aria-label={label} data-testid="bar-chart">
      {rows.map((row) => (
        <Box key={row.key} data-testid="bar-chart-row" data-value={row.value}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" truncate>
              {row.label}
            </Text>
            <Text size="sm" fw={700}>
              {NUMBER.format(row.value)}
              {percentage ? '%' : ''}
            </Text>
          </Group>
          <Box h={14} bg="gray.1" style={{ borderRadius: 4 }} aria-hidden>
            <Box
              h="100%"
              w={`${Math.max(0, Math.min(100, (row.value / max) * 100))}%`}
              style={{ borderRadius: 4, background: colorOf?.(row) ?? 'var(--mantine-color-blue-8)' }}
            />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
