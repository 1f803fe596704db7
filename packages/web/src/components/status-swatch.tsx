import { Group, Text } from '@mantine/core';

/**
 * A status as the spec's colour (§3) in a round swatch with its name beside it: the status is never
 * told by colour alone, and the text keeps its contrast. `status` is the code tests and styles read.
 */
export function StatusSwatch({
  status,
  color,
  label,
  testId = 'status',
}: {
  status: string;
  color: string;
  label: string;
  testId?: string;
}) {
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId} data-status={status}>
      <span
        aria-hidden
        data-testid={`${testId}-swatch`}
        style={{
          display: 'inline-block',
          width: 14,
          height: 14,
          flex: 'none',
          borderRadius: '50%',
          background: color,
          border: '1px solid #495057',
        }}
      />
      <Text fz="sm" fw={600}>
        {label}
      </Text>
    </Group>
  );
}
