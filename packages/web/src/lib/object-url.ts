import { useEffect, useState } from 'react';

/** One object URL per Blob, with the number of mounted components showing it. */
const shared = new Map<Blob, { url: string; users: number }>();

/**
 * An object URL for `blob` while the component is mounted, shared by every component showing the same Blob
 * and released when the last of them unmounts. The Toedienlijst shows a client's photo on each of the day's
 * cards (44 images of 10 photos on the demo nurse's list): one URL per photo lets the browser fetch and
 * decode each image once instead of once per card.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    let entry = shared.get(blob);
    if (!entry) {
      entry = { url: URL.createObjectURL(blob), users: 0 };
      shared.set(blob, entry);
    }
    entry.users += 1;
    setUrl(entry.url);
    const held = entry;
    return () => {
      held.users -= 1;
      if (held.users > 0) return;
      shared.delete(blob);
      URL.revokeObjectURL(held.url);
    };
  }, [blob]);
  return url;
}
