/** How many logged views an instance remembers (a key and an instant each: a few MB at most). */
const REMEMBERED_VIEWS = 50_000;
/** Less than the repeat window, so this process's clock and the database's may differ by up to a minute. */
const CLOCK_MARGIN_MS = 60_000;

/**
 * The list views this instance logged itself, with when: the same view again within the repeat window is
 * already in the log (its entry was committed before its answer), so it needs no statement. The database's
 * own repeat check (auditBatchStatement) stays the rule: only a view this instance inserted is remembered, for
 * the window less a margin; anything else is asked. Spares the statement the tablets' refreshes of a changed
 * list send all day.
 */
export function loggedViews(windowMinutes: number, remembered = REMEMBERED_VIEWS) {
  const loggedAt = new Map<string, number>();
  const holdsFor = windowMinutes * 60_000 - CLOCK_MARGIN_MS;
  return {
    /** Whether `key` was logged by this instance within the window, as of `now`. */
    has(key: string, now: number): boolean {
      const at = loggedAt.get(key);
      if (at === undefined) return false;
      if (now >= at && now - at < holdsFor) return true;
      loggedAt.delete(key);
      return false;
    },
    /** `key` was logged (its entry committed) at or after `at`. */
    add(key: string, at: number): void {
      loggedAt.delete(key);
      loggedAt.set(key, at);
      if (loggedAt.size > remembered) loggedAt.delete(loggedAt.keys().next().value!);
    },
  };
}
