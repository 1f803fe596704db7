import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import type { MessagePriority } from '@zorgportaal/contract';
import { useTranslation } from 'react-i18next';

/** "Hoog" as a word, not only a colour; normal priority shows nothing. */
export function PriorityBadge({ priority }: { priority: MessagePriority }) {
  const { t } = useTranslation();
  if (priority !== 'high') return null;
  return (
    <Badge color="red.8" variant="filled" size="sm" flex="none" data-testid="priority-high">
      {t('communication.priority.high', 'Hoog')}
    </Badge>
  );
}
