import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.ts';

describe('formatFileSize', () => {
  it('shows bytes, kilobytes and megabytes with a Dutch decimal comma', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(850 * 1024)).toBe('850 kB');
    expect(formatFileSize(4.2 * 1024 * 1024)).toBe('4,2 MB');
    expect(formatFileSize(4.2 * 1024 * 1024, 'en')).toBe('4.2 MB');
  });
});
