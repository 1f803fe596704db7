import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INACTIVITY_LOGOUT_MS } from '@zorgportaal/contract';
import { showToast } from '../../../lib/toast.ts';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'wheel', 'touchstart', 'keydown'] as const;

/**
 * Spec §4: after 15 minutes without activity a warning is shown and the user is logged out.
 * Activity only records a time stamp (cheap on mousemove); when the timer fires it
 * reschedules itself for the remaining time if there was activity meanwhile.
 * Keyboard use counts as activity too, so keyboard-only users are not logged out while working.
 */
export function useInactivityLogout(timeoutMs = INACTIVITY_LOGOUT_MS): void {
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const record = () => {
      lastActivity = Date.now();
    };
    const check = () => {
      const idle = Date.now() - lastActivity;
      if (idle < timeoutMs) {
        timer = setTimeout(check, timeoutMs - idle);
        return;
      }
      showToast(t('session.inactivityLogout', 'U bent uitgelogd wegens inactiviteit.'), { kind: 'warning' });
      void navigate('/logout', { replace: true });
    };
    timer = setTimeout(check, timeoutMs);
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, record, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, record);
    };
  }, [navigate, t, timeoutMs]);
}
