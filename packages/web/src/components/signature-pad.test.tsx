import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { TestProviders } from '../test/render.tsx';
import { SignaturePad } from './signature-pad.tsx';
import { canvasPoint, inkLength, isSignatureEmpty, PAD_HEIGHT, PAD_WIDTH } from './signature-strokes.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

describe('signature strokes (pure)', () => {
  it('maps client coordinates onto the canvas pixels of a CSS-scaled canvas, clamped to the pad', () => {
    const rect = { left: 100, top: 50, width: PAD_WIDTH / 2, height: PAD_HEIGHT / 2 };
    expect(canvasPoint(110, 60, rect)).toEqual({ x: 20, y: 20 });
    expect(canvasPoint(0, 0, rect)).toEqual({ x: 0, y: 0 });
    expect(canvasPoint(5000, 5000, rect)).toEqual({ x: PAD_WIDTH, y: PAD_HEIGHT });
  });

  it('counts a tap or a tiny slip as empty, a real line as a signature', () => {
    expect(isSignatureEmpty([])).toBe(true);
    expect(isSignatureEmpty([[{ x: 10, y: 10 }]])).toBe(true);
    expect(
      isSignatureEmpty([
        [
          { x: 10, y: 10 },
          { x: 15, y: 10 },
        ],
      ]),
    ).toBe(true);
    const line = [
      { x: 10, y: 10 },
      { x: 40, y: 50 },
      { x: 80, y: 50 },
    ];
    expect(inkLength([line])).toBe(90);
    expect(isSignatureEmpty([line])).toBe(false);
  });
});

describe('<SignaturePad> (jsdom has no canvas: getContext and toDataURL are stubbed)', () => {
  let calls: string[];
  let toDataURL: MockInstance<HTMLCanvasElement['toDataURL']>;
  beforeEach(() => {
    calls = [];
    const context = new Proxy(
      {},
      {
        get:
          (_, name: string) =>
          (...args: unknown[]) =>
            calls.push(`${name}(${args.join(',')})`),
        set: () => true,
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    toDataURL = vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
    // A pad shown at its own pixel size at the top left of the page.
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
      left: 0,
      top: 0,
      width: PAD_WIDTH,
      height: PAD_HEIGHT,
    } as DOMRect);
  });
  afterEach(() => vi.restoreAllMocks());

  const renderPad = () => {
    const onChange = vi.fn();
    render(
      <TestProviders>
        <SignaturePad label="Handtekening" onChange={onChange} />
      </TestProviders>,
    );
    return { onChange, canvas: screen.getByTestId('signature-pad') };
  };

  const stroke = (canvas: HTMLElement, points: [number, number][], pointerType = 'mouse') => {
    const [first, ...rest] = points;
    fireEvent.pointerDown(canvas, {
      pointerId: 1,
      pointerType,
      button: 0,
      clientX: first![0],
      clientY: first![1],
    });
    for (const [x, y] of rest)
      fireEvent.pointerMove(canvas, { pointerId: 1, pointerType, clientX: x, clientY: y });
    const last = points.at(-1)!;
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType, clientX: last[0], clientY: last[1] });
  };

  it('starts empty and labelled, says a keyboard cannot draw, and offers no clearing yet', () => {
    const { canvas, onChange } = renderPad();
    expect(canvas.dataset.empty).toBe('true');
    expect(screen.getByRole('img', { name: /Handtekening.*Nog geen handtekening/ })).toBe(canvas);
    expect(canvas.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/niet met het toetsenbord/)).toBeTruthy();
    expect((screen.getByTestId('signature-clear') as HTMLButtonElement).disabled).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('stays empty (null) after a mere tap', () => {
    const { canvas, onChange } = renderPad();
    stroke(canvas, [[50, 50]]);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(canvas.dataset.empty).toBe('true');
    expect(toDataURL).not.toHaveBeenCalled();
  });

  it('gives a PNG data URL after a stroke, draws the line, and clears back to empty', () => {
    const { canvas, onChange } = renderPad();
    stroke(
      canvas,
      [
        [20, 100],
        [60, 80],
        [100, 120],
        [160, 90],
      ],
      'pen',
    );
    expect(toDataURL).toHaveBeenCalledWith('image/png');
    expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^data:image\/png;base64,/));
    expect(canvas.dataset.empty).toBe('false');
    expect(screen.getByTestId('signature-status').textContent).toBe('Handtekening gezet.');
    expect(calls).toContain('lineTo(160,90)');

    fireEvent.click(screen.getByTestId('signature-clear'));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(canvas.dataset.empty).toBe('true');
    expect(calls).toContain(`fillRect(0,0,${PAD_WIDTH},${PAD_HEIGHT})`);
  });

  it('ignores the right mouse button and moves of another pointer', () => {
    const { canvas, onChange } = renderPad();
    fireEvent.pointerDown(canvas, {
      pointerId: 1,
      pointerType: 'mouse',
      button: 2,
      clientX: 10,
      clientY: 10,
    });
    fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: 'mouse', clientX: 200, clientY: 200 });
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'mouse' });
    expect(onChange).not.toHaveBeenCalled();
    expect(calls.filter((call) => call.startsWith('lineTo'))).toEqual([]);
  });
});
