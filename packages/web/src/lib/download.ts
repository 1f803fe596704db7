const BOM = '\uFEFF';

/** Offers a Blob as a file download (an object URL on a temporary link, released afterwards). */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after click() returns: release it on the next task.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/**
 * Downloads text. CSV gets a byte order mark (once) so Excel opens the UTF-8 (é, ë) correctly.
 */
export function downloadText(text: string, filename: string, type = 'text/plain;charset=utf-8'): void {
  const content = type.startsWith('text/csv') && !text.startsWith(BOM) ? BOM + text : text;
  downloadBlob(new Blob([content], { type }), filename);
}
