/** The server compares the typed name this way (trash route): outer spaces off, inner runs of spaces as one. */
export const normaliseName = (name: string): string => name.trim().replace(/\s+/g, ' ');

/** True when the typed text is the person's screen name (case matters, like on the server). */
export const confirmNameMatches = (typed: string, screenName: string): boolean =>
  normaliseName(typed) !== '' && normaliseName(typed) === normaliseName(screenName);
