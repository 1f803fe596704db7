import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useObjectUrl } from './object-url.ts';

function Photo({ blob, testId }: { blob: Blob | null; testId: string }) {
  return <span data-testid={testId}>{useObjectUrl(blob) ?? 'none'}</span>;
}

describe('useObjectUrl', () => {
  const created: string[] = [];
  const revoked: string[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  beforeEach(() => {
    created.length = 0;
    revoked.length = 0;
    URL.createObjectURL = vi.fn(() => {
      created.push(`blob:photo-${created.length + 1}`);
      return created.at(-1)!;
    });
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  });
  afterEach(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
  });

  // Keyed, as the list's cards are.
  it('gives every card of the same photo one URL, and releases it with the last card', () => {
    const photo = new Blob(['png']);
    const other = new Blob(['other']);
    const view = render(
      <>
        <Photo key="a" blob={photo} testId="a" />
        <Photo key="b" blob={photo} testId="b" />
        <Photo key="c" blob={other} testId="c" />
      </>,
    );
    expect(view.getByTestId('a').textContent).toBe(view.getByTestId('b').textContent);
    expect(view.getByTestId('c').textContent).not.toBe(view.getByTestId('a').textContent);
    expect(created).toHaveLength(2);

    view.rerender(
      <>
        <Photo key="a" blob={photo} testId="a" />
        <Photo key="c" blob={other} testId="c" />
      </>,
    );
    expect(revoked).toEqual([]);

    view.rerender(<Photo key="c" blob={other} testId="c" />);
    expect(revoked).toEqual(['blob:photo-1']);
    view.unmount();
    expect(revoked).toEqual(['blob:photo-1', 'blob:photo-2']);
  });

  it('shows nothing without a photo, and a new URL for a photo shown again after its release', () => {
    const photo = new Blob(['png']);
    const first = render(<Photo blob={null} testId="a" />);
    expect(first.getByTestId('a').textContent).toBe('none');
    first.rerender(<Photo blob={photo} testId="a" />);
    expect(first.getByTestId('a').textContent).toBe('blob:photo-1');
    first.unmount();
    const again = render(<Photo blob={photo} testId="a" />);
    expect(again.getByTestId('a').textContent).toBe('blob:photo-2');
    again.unmount();
    expect(revoked).toEqual(['blob:photo-1', 'blob:photo-2']);
  });
});
