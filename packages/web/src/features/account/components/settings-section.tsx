import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** One titled block of the settings screen; the title is its landmark's name. */
export function SettingsSection({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const headingId = `${testId}-heading`;
  return (
    <Paper component="section" withBorder p="lg" radius="md" aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
