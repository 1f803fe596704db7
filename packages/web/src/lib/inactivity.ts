/**
 * The inactivity rule (spec §4: logged out after 15 minutes without activity), with a warning one
 * minute before. Pure timing, no React: the hook in the auth feature shows the warning dialog.
 *
 * Activity only records a time stamp (cheap on mousemove); a timer fires at the next moment that
 * matters and reschedules itself when there was activity meanwhile. Timers of a sleeping tablet fire
 * late: the time stamps decide, so a tab that wakes after 20 minutes logs out at once.
 * Once the warning is up, passing activity no longer counts: only an explicit "Ingelogd blijven"
 * (`stayLoggedIn`) keeps the session, so a brushed screen does not hide the warning unseen.
 */
export interface InactivityTimerOptions {
  /** Idle time until logout (ms). */
  timeoutMs: number;
  /** How long before the logout the warning comes (ms). */
  warningMs: number;
  /** The warning is due; `logoutAt` is the epoch ms of the logout. */
  onWarn: (logoutAt: number) => void;
  onTimeout: () => void;
  now?: () => number;
}

export interface InactivityTimer {
  /** The user did something (pointer, key, touch). Ignored while the warning is up. */
  activity: () => void;
  /** "Ingelogd blijven": the warning goes, the full time starts again. */
  stayLoggedIn: () => void;
  stop: () => void;
}

export function startInactivityTimer(options: InactivityTimerOptions): InactivityTimer {
  const now = options.now ?? Date.now;
  const warnAfter = Math.max(0, options.timeoutMs - options.warningMs);
  let lastActivity = now();
  let warned = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, ms));
  };

  function check() {
    if (stopped) return;
    const idle = now() - lastActivity;
    if (idle >= options.timeoutMs) {
      stopped = true;
      options.onTimeout();
      return;
    }
    if (idle >= warnAfter) {
      if (!warned) {
        warned = true;
        options.onWarn(lastActivity + options.timeoutMs);
      }
      schedule(options.timeoutMs - idle);
      return;
    }
    schedule(warnAfter - idle);
  }

  schedule(warnAfter);
  return {
    activity: () => {
      if (!warned) lastActivity = now();
    },
    stayLoggedIn: () => {
      if (stopped) return;
      warned = false;
      lastActivity = now();
      schedule(warnAfter);
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Whole seconds left until `logoutAt` (what the warning counts down), never below 0. */
export const secondsLeft = (logoutAt: number, now = Date.now()): number =>
  Math.max(0, Math.ceil((logoutAt - now) / 1000));
