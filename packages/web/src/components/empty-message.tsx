import '@mantine/core/styles/EmptyState.css';
import type { ReactNode } from 'react';
import { EmptyState } from '@mantine/core';

interface EmptyMessageProps {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  'data-testid'?: string;
}

/** The empty state of a list: nothing (yet), and what the user can do about it. */
export function EmptyMessage({ title, description, children, ...props }: EmptyMessageProps) {
  return (
    <EmptyState
      title={title}
      description={description}
      py="xl"
      role="status"
      data-testid={props['data-testid'] ?? 'empty-state'}
    >
      {children ? <EmptyState.Actions>{children}</EmptyState.Actions> : null}
    </EmptyState>
  );
}
