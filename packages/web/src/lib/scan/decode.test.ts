import { afterEach, describe, expect, it, vi } from 'vitest';

const decodeFromCanvas = vi.fn();
vi.mock('@zxing/browser', () => ({
  BrowserMultiFormatReader: class {
    decodeFromCanvas = decodeFromCanvas;
  },
}));

const { createFrameDecoder } = await import('./decode.ts');

const video = () => document.createElement('video');
const withSize = (element: HTMLVideoElement, width: number) => {
  Object.defineProperty(element, 'videoWidth', { value: width });
  Object.defineProperty(element, 'videoHeight', { value: 480 });
  return element;
};

/** The camera's decoding glue: the browser's BarcodeDetector where it reads DataMatrix, else ZXing. */
describe('camera decoding', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses BarcodeDetector when it reads DataMatrix, asking only for formats it supports', async () => {
    const detect = vi.fn().mockResolvedValue([{ rawValue: '0109506000134352\u001d' }]);
    const made: string[][] = [];
    class BarcodeDetector {
      static getSupportedFormats = async () => ['data_matrix', 'qr_code'];
      constructor({ formats }: { formats: string[] }) {
        made.push(formats);
      }
      detect = detect;
    }
    const decoder = await createFrameDecoder({ BarcodeDetector });
    expect(made).toEqual([['data_matrix', 'qr_code']]);
    expect(await decoder.decode(video())).toBe('0109506000134352\u001d');
    detect.mockResolvedValueOnce([]);
    expect(await decoder.decode(video())).toBeNull();
    expect(decodeFromCanvas).not.toHaveBeenCalled();
  });

  it('falls back to ZXing when BarcodeDetector is missing or cannot read DataMatrix', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    class QrOnly {
      static getSupportedFormats = async () => ['qr_code'];
      detect = vi.fn();
    }
    for (const scope of [{}, { BarcodeDetector: QrOnly }]) {
      decodeFromCanvas.mockReset();
      const decoder = await createFrameDecoder(scope);
      decodeFromCanvas.mockReturnValueOnce({ getText: () => 'ZPS1-1-2-202611300800-X' });
      expect(await decoder.decode(withSize(video(), 640))).toBe('ZPS1-1-2-202611300800-X');
      // No code in the frame: ZXing throws, the decoder answers null and the camera keeps looking.
      decodeFromCanvas.mockImplementationOnce(() => {
        throw new Error('NotFoundException');
      });
      expect(await decoder.decode(withSize(video(), 640))).toBeNull();
      // A video without a picture yet is not decoded at all.
      expect(await decoder.decode(video())).toBeNull();
      expect(decodeFromCanvas).toHaveBeenCalledTimes(2);
    }
  });
});
