/** The drawing model of the signature pad, free of the DOM so it can be tested without a canvas. */

export interface Point {
  x: number;
  y: number;
}
export type Stroke = Point[];

/** The canvas' own pixel size: sharp enough to print, small as a PNG (a few kB for a signature). */
export const PAD_WIDTH = 750;
export const PAD_HEIGHT = 250;
/** Less ink than this (canvas pixels) is a slip of the finger, not a signature. */
export const MIN_INK = 20;

/** A pointer position (client coordinates) in canvas pixels; the canvas is scaled by CSS. */
export function canvasPoint(
  clientX: number,
  clientY: number,
  rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>,
  width = PAD_WIDTH,
  height = PAD_HEIGHT,
): Point {
  const scaleX = rect.width > 0 ? width / rect.width : 1;
  const scaleY = rect.height > 0 ? height / rect.height : 1;
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);
  return {
    x: clamp((clientX - rect.left) * scaleX, width),
    y: clamp((clientY - rect.top) * scaleY, height),
  };
}

/** The total length of the lines drawn. */
export function inkLength(strokes: readonly Stroke[]): number {
  let length = 0;
  for (const stroke of strokes)
    for (let i = 1; i < stroke.length; i++)
      length += Math.hypot(stroke[i]!.x - stroke[i - 1]!.x, stroke[i]!.y - stroke[i - 1]!.y);
  return length;
}

/** True while there is not enough ink to count as a signature. */
export const isSignatureEmpty = (strokes: readonly Stroke[]): boolean => inkLength(strokes) < MIN_INK;

/** The part of 2D canvas context the pad uses (so a test can record the calls). */
export type PadContext = Pick<
  CanvasRenderingContext2D,
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'stroke'
  | 'fillRect'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
>;

/** White paper (a PNG that stays legible on any background), dark blue ink. */
export function clearPad(context: PadContext, width = PAD_WIDTH, height = PAD_HEIGHT): void {
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.strokeStyle = '#1a2a6c';
  context.lineWidth = 3;
  context.lineCap = 'round';
  context.lineJoin = 'round';
}

/** Draws the line from `from` to `to` (a dot when they are the same point). */
export function drawSegment(context: PadContext, from: Point, to: Point): void {
  context.beginPath();
  context.moveTo(from.x, from.y);
  context.lineTo(to.x + (from.x === to.x && from.y === to.y ? 0.1 : 0), to.y);
  context.stroke();
}
