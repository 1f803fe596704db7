import '@mantine/core/styles/Paper.css';
import { Paper, Text } from '@mantine/core';

/** One figure with its label (dashboard, results). */
export function StatCard({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: string | number;
  color?: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Text size="sm" c="dark.6">
        {label}
      </Text>
      <Text size="xl" fw={700} c={color} data-testid={`${testId}-value`}>
        {value}
      </Text>
    </Paper>
  );
}
