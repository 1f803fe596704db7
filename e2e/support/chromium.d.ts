/** The flags this workplace's closed network needs (no background traffic, no sandbox as root). */
export declare const CHROMIUM_ARGS: string[];
/** Debian's Chromium, or CHROME_PATH. Never a downloaded browser. */
export declare function findChromium(): string | null;
