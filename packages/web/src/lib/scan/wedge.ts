/**
 * A hand scanner in keyboard mode ("wedge") types its code far faster than a person and ends it with
 * Enter. On Enter the keys before it are taken back to the first pause of WEDGE_PAUSE_MS; they are a scan
 * when there are at least WEDGE_MIN_LENGTH of them and their typical (median) gap, Enter included, is at
 * most WEDGE_MAX_GAP_MS. A person typing (100 ms and more between keys) never makes one, and their Enter
 * goes where it was meant to; one late key (a busy page) does not break a scan in two.
 */
export const WEDGE_MAX_GAP_MS = 50;
export const WEDGE_PAUSE_MS = 300;
export const WEDGE_MIN_LENGTH = 6;
const GS = '\u001d';

export type WedgeKey = { key: string; ctrlKey?: boolean; at: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export function createWedgeBuffer(onScan: (code: string) => void) {
  let keys: { char: string; at: number }[] = [];
  return {
    /** Feeds one keydown; true when it was the Enter that ended a scan (the caller swallows it). */
    key({ key, ctrlKey = false, at }: WedgeKey): boolean {
      const last = keys.at(-1);
      if (last && at - last.at > WEDGE_PAUSE_MS) keys = [];
      if (key === 'Enter') {
        const run = keys;
        keys = [];
        if (run.length < WEDGE_MIN_LENGTH) return false;
        const gaps = [...run.slice(1), { at }].map((k, i) => k.at - run[i]!.at);
        if (median(gaps) > WEDGE_MAX_GAP_MS) return false;
        onScan(run.map((k) => k.char).join(''));
        return true;
      }
      // Scanners send FNC1 of a GS1 code as GS, typed as Ctrl+] (or as the character itself).
      const char = ctrlKey && key === ']' ? GS : key.length === 1 && !ctrlKey ? key : null;
      if (char !== null) keys.push({ char, at }); // Shift and other modifiers keep the run going
      return false;
    },
  };
}
