import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadText } from './download.ts';

describe('downloadText', () => {
  afterEach(() => vi.restoreAllMocks());

  async function capture(run: () => void) {
    let blob: Blob | undefined;
    const create = vi.fn((value: Blob) => {
      blob = value;
      return 'blob:test';
    });
    const revoke = vi.fn();
    // A subclass, so unstubAllGlobals (test setup) puts the real URL back.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = create;
        static override revokeObjectURL = revoke;
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    vi.useFakeTimers();
    run();
    const clicked = click.mock.contexts[0] as HTMLAnchorElement;
    vi.runAllTimers();
    vi.useRealTimers();
    // Blob.text() drops a leading BOM: decode the bytes with ignoreBOM to see it.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob!.arrayBuffer());
    return { blob: blob!, clicked, revoke, text };
  }

  it('offers the CSV as a file with a byte order mark and releases the URL', async () => {
    const { blob, clicked, revoke, text } = await capture(() =>
      downloadText('Patient;Status\nJosé;given\n', 'export.csv', 'text/csv;charset=utf-8'),
    );
    expect(clicked.download).toBe('export.csv');
    expect(clicked.href).toBe('blob:test');
    expect(clicked.isConnected).toBe(false);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    expect(text).toBe('\uFEFFPatient;Status\nJosé;given\n');
    expect(revoke).toHaveBeenCalledWith('blob:test');
  });

  it('does not add a second byte order mark', async () => {
    const { text } = await capture(() => downloadText('\uFEFFa;b\n', 'x.csv', 'text/csv'));
    expect(text).toBe('\uFEFFa;b\n');
  });
});
