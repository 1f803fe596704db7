import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { secondsLeft } from '../../../lib/inactivity.ts';
import { takeUnsavedDialog } from '../../../lib/inactivity-notice.ts';
import { showToast } from '../../../lib/toast.ts';
import { useInactivityLogout } from '../hooks/use-inactivity-logout.ts';
import { Dialog } from '../../../components/dialog.tsx';

/** A notice after an inactivity logout left a dialog half-filled: it was not saved (shown for 15 s). */
const UNSAVED_NOTICE_MS = 15_000;

function Countdown({ logoutAt }: { logoutAt: number }) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(() => secondsLeft(logoutAt));
  useEffect(() => {
    const tick = setInterval(() => setSeconds(secondsLeft(logoutAt)), 1000);
    return () => clearInterval(tick);
  }, [logoutAt]);
  return (
    <Text size="lg" data-testid="inactivity-countdown" data-seconds={seconds}>
      {t('session.warning.countdown', 'U wordt over {{count}} seconden uitgelogd', { count: seconds })}
    </Text>
  );
}

/**
 * The inactivity rule of the signed-in layout: the warning one minute before the logout, with a live
 * countdown and "Ingelogd blijven"; after a new login, the notice that an open dialog was not saved.
 */
export function InactivityWarning() {
  const { t } = useTranslation();
  const { logoutAt, stayLoggedIn } = useInactivityLogout();

  useEffect(() => {
    const dialog = takeUnsavedDialog();
    if (dialog)
      showToast(
        t(
          'session.unsavedDialog',
          'Wat u invulde in "{{dialog}}" is bij het uitloggen niet opgeslagen. Vul het opnieuw in.',
          {
            dialog,
          },
        ),
        { kind: 'warning', displayMs: UNSAVED_NOTICE_MS },
      );
  }, [t]);

  return (
    <Dialog
      opened={logoutAt !== null}
      onClose={stayLoggedIn}
      title={t('session.warning.title', 'Bijna uitgelogd wegens inactiviteit')}
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('session.warning.stay', 'Ingelogd blijven') }}
      zIndex={400}
    >
      <Stack gap="md" data-inactivity-warning data-testid="inactivity-warning">
        {logoutAt !== null ? <Countdown logoutAt={logoutAt} /> : null}
        <Text size="sm" c="dark.6">
          {t('session.warning.unsaved', 'Wat nog niet is opgeslagen, gaat dan verloren.')}
        </Text>
        <Group justify="flex-end">
          <Button size="md" onClick={stayLoggedIn} data-testid="stay-logged-in" data-autofocus>
            {t('session.warning.stay', 'Ingelogd blijven')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
