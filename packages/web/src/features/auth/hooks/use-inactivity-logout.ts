import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INACTIVITY_LOGOUT_MS, INACTIVITY_WARNING_MS } from '@zorgportaal/contract';
import { startInactivityTimer, type InactivityTimer } from '../../../lib/inactivity.ts';
import { openDialogTitle, rememberUnsavedDialog } from '../../../lib/inactivity-notice.ts';
import { showToast } from '../../../lib/toast.ts';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'wheel', 'touchstart', 'keydown'] as const;

/**
 * Spec §4: after 15 minutes without activity the user is logged out, warned one minute before
 * (lib/inactivity.ts keeps the time). The logout keeps where the user was (/logout hands it to
 * /login, which returns there) and remembers an open dialog, so its loss is told after login.
 * Keyboard use counts as activity too, so keyboard-only users are not logged out while working.
 * The durations are the spec's; browser tests move the page's clock instead of shortening them.
 */
export function useInactivityLogout(timeoutMs = INACTIVITY_LOGOUT_MS, warningMs = INACTIVITY_WARNING_MS) {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation();
  const [logoutAt, setLogoutAt] = useState<number | null>(null);
  const timer = useRef<InactivityTimer | null>(null);
  // The latest place, read when the time is up (not a reason to restart the timer).
  const where = useRef(location);
  where.current = location;

  useEffect(() => {
    const current = startInactivityTimer({
      timeoutMs,
      warningMs,
      onWarn: setLogoutAt,
      onTimeout: () => {
        setLogoutAt(null);
        rememberUnsavedDialog(openDialogTitle());
        showToast(t('session.inactivityLogout', 'U bent uitgelogd wegens inactiviteit.'), {
          kind: 'warning',
        });
        const { pathname, search, hash } = where.current;
        void navigate('/logout', { replace: true, state: { from: { pathname, search, hash } } });
      },
    });
    timer.current = current;
    const record = () => current.activity();
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, record, { passive: true });
    return () => {
      current.stop();
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, record);
    };
  }, [navigate, t, timeoutMs, warningMs]);

  const stayLoggedIn = useCallback(() => {
    setLogoutAt(null);
    timer.current?.stayLoggedIn();
  }, []);

  return { logoutAt, stayLoggedIn };
}
