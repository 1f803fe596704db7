/**
 * A hand scanner in keyboard mode ("wedge") types its code far faster than a person and ends it with
 * Enter. The buffer keeps only keys that follow each other within WEDGE_MAX_GAP_MS; an Enter that closes
 * at least WEDGE_MIN_LENGTH such keys is a scan. A person typing (100 ms and more between keys) never
 * makes one, and their Enter goes where it was meant to.
 */
export const WEDGE_MAX_GAP_MS = 50;
export const WEDGE_MIN_LENGTH = 6;
const GS = '\u001d';

export type WedgeKey = { key: string; ctrlKey?: boolean; at: number };

export function createWedgeBuffer(onScan: (code: string) => void) {
  let chars = '';
  let last = -Infinity;
  return {
    /** Feeds one keydown; true when it was the Enter that ended a scan (the caller swallows it). */
    key({ key, ctrlKey = false, at }: WedgeKey): boolean {
      const fast = at - last <= WEDGE_MAX_GAP_MS;
      if (key === 'Enter') {
        const code = chars;
        chars = '';
        if (!fast || code.length < WEDGE_MIN_LENGTH) return false;
        onScan(code);
        return true;
      }
      // Scanners send FNC1 of a GS1 code as GS, typed as Ctrl+] (or as the character itself).
      const char = ctrlKey && key === ']' ? GS : key.length === 1 && !ctrlKey ? key : null;
      if (char === null) return false; // Shift and other modifiers keep the run going
      chars = fast ? chars + char : char;
      last = at;
      return false;
    },
  };
}
