import '@mantine/core/styles/Badge.css';
import { Anchor, Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayUseCommunication, useUnreadMessages } from '../../lib/live-messages.ts';

/** The unread-messages counter as a badge (the number is the message; the colour only repeats it). */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Badge
      color="red.8"
      size="sm"
      circle={count < 10}
      aria-label={t('communication.unreadCount', { count, defaultValue: '{{count}} ongelezen' })}
      data-testid="unread-badge"
    >
      {count}
    </Badge>
  );
}

/** Header link to Communicatie with the unread counter, so it shows on a tablet with the menu folded. */
export function UnreadLink() {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  if (!mayUseCommunication()) return null;
  const count = unread.data?.Unread ?? 0;
  return (
    <Anchor
      component={Link}
      to="/communication"
      size="sm"
      c="blue.9"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
      data-testid="header-messages"
    >
      {t('communication.headerLink', 'Berichten')}
      <UnreadBadge count={count} />
    </Anchor>
  );
}
