/** A file size as people read it: "850 kB", "4,2 MB" (Dutch decimal comma by default). */
export function formatFileSize(bytes: number, locale = 'nl'): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${Math.round(kb)} kB`;
  return `${(kb / 1024).toLocaleString(locale, { maximumFractionDigits: 1 })} MB`;
}
