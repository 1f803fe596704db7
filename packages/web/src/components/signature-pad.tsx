import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { Box, Button, Group, Input, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  canvasPoint,
  clearPad,
  drawSegment,
  isSignatureEmpty,
  PAD_HEIGHT,
  PAD_WIDTH,
  type Point,
  type Stroke,
} from './signature-strokes.ts';

interface SignaturePadProps {
  label: string;
  /** What to do; the pad says itself that a keyboard cannot draw. */
  description?: string;
  error?: string | null;
  disabled?: boolean;
  /** After every stroke: the drawing as a PNG data URL, or null while there is no signature (cleared, too little ink). */
  onChange: (png: string | null) => void;
}

/** The coalesced pointer positions of a move (pens and touch screens report more than one per frame). */
function movePoints(event: PointerEvent<HTMLCanvasElement>, rect: DOMRect): Point[] {
  const native = event.nativeEvent as Partial<globalThis.PointerEvent>;
  const coalesced = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
  const sources = coalesced.length > 0 ? coalesced : [event];
  return sources.map((source) => canvasPoint(source.clientX, source.clientY, rect));
}

/**
 * A signature drawn on a <canvas> with pointer events: mouse (left button), finger and pen alike.
 * The page does not scroll while drawing (touch-action: none). A keyboard cannot draw, so the pad
 * says so; clearing is an ordinary button.
 */
export function SignaturePad({ label, description, error, disabled, onChange }: SignaturePadProps) {
  const { t } = useTranslation();
  const id = useId();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Stroke[]>([]);
  const activePointer = useRef<number | null>(null);
  const [empty, setEmpty] = useState(true);

  const context = () => canvasRef.current?.getContext('2d') ?? null;

  useEffect(() => {
    const pad = canvasRef.current?.getContext('2d');
    if (pad) clearPad(pad);
  }, []);

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    if (disabled || activePointer.current !== null) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    activePointer.current = event.pointerId;
    const point = canvasPoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
    strokes.current.push([point]);
    const pad = context();
    if (pad) drawSegment(pad, point, point);
  };

  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== event.pointerId) return;
    event.preventDefault();
    const stroke = strokes.current.at(-1)!;
    const pad = context();
    for (const point of movePoints(event, event.currentTarget.getBoundingClientRect())) {
      const previous = stroke.at(-1)!;
      stroke.push(point);
      if (pad) drawSegment(pad, previous, point);
    }
  };

  const end = (event: PointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== event.pointerId) return;
    activePointer.current = null;
    const nowEmpty = isSignatureEmpty(strokes.current);
    setEmpty(nowEmpty);
    onChange(nowEmpty ? null : event.currentTarget.toDataURL('image/png'));
  };

  const clear = () => {
    strokes.current = [];
    activePointer.current = null;
    const pad = context();
    if (pad) clearPad(pad);
    setEmpty(true);
    onChange(null);
  };

  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      required
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      <Box
        mt={4}
        style={{
          border: `2px ${error ? 'solid var(--mantine-color-red-8)' : 'dashed var(--mantine-color-gray-6)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          background: '#ffffff',
        }}
      >
        <canvas
          ref={canvasRef}
          width={PAD_WIDTH}
          height={PAD_HEIGHT}
          role="img"
          aria-labelledby={`${labelId} ${statusId}`}
          aria-describedby={[description ? descriptionId : null, error ? errorId : null, `${id}-keyboard`]
            .filter(Boolean)
            .join(' ')}
          aria-invalid={error ? true : undefined}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          style={{
            display: 'block',
            width: '100%',
            aspectRatio: `${PAD_WIDTH} / ${PAD_HEIGHT}`,
            touchAction: 'none',
            cursor: disabled ? 'not-allowed' : 'crosshair',
          }}
          data-testid="signature-pad"
          data-empty={empty}
        />
      </Box>
      <Group justify="space-between" align="center" gap="sm" mt={6} wrap="wrap">
        <Text size="sm" c="dark.6" id={statusId} role="status" data-testid="signature-status">
          {empty
            ? t('signaturePad.empty', 'Nog geen handtekening.')
            : t('signaturePad.signed', 'Handtekening gezet.')}
        </Text>
        <Button
          variant="default"
          size="sm"
          onClick={clear}
          disabled={disabled || empty}
          data-testid="signature-clear"
        >
          {t('signaturePad.clear', 'Handtekening wissen')}
        </Button>
      </Group>
      <Text size="xs" c="dark.6" id={`${id}-keyboard`}>
        {t(
          'signaturePad.keyboard',
          'Tekenen kan met muis, vinger of pen, niet met het toetsenbord. Laat de ondertekenaar zelf tekenen.',
        )}
      </Text>
    </Input.Wrapper>
  );
}
