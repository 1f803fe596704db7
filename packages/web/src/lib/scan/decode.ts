import { lazyModule } from '../lazy-module.ts';

/** Reads a code from the camera's current frame: the text, or null when none is in view. */
export type FrameDecoder = { decode(video: HTMLVideoElement): Promise<string | null> };

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats?: () => Promise<string[]>;
};

/** What a medicine pack, a Baxter sachet or a wristband carries. */
export const SCAN_FORMATS = ['data_matrix', 'code_128', 'qr_code', 'ean_13'];

// ZXing is large: only a browser without BarcodeDetector loads it, on the first camera scan.
const zxing = lazyModule(() => import('@zxing/browser'));

/**
 * The browser's own BarcodeDetector where it reads DataMatrix (Chrome on Android and macOS, Safari), else
 * ZXing on a canvas copy of the frame. Both hand over the text as decoded, FNC1 as GS.
 */
export async function createFrameDecoder(scope: object = globalThis): Promise<FrameDecoder> {
  const Native = (scope as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  const supported = Native ? await (Native.getSupportedFormats?.() ?? Promise.resolve([])) : [];
  if (Native && supported.includes('data_matrix')) {
    const detector = new Native({ formats: SCAN_FORMATS.filter((f) => supported.includes(f)) });
    return {
      decode: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
    };
  }
  const { BrowserMultiFormatReader } = await zxing.load();
  const reader = new BrowserMultiFormatReader();
  const canvas = document.createElement('canvas');
  return {
    decode: async (video) => {
      if (!video.videoWidth) return null;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      canvas.getContext('2d')?.drawImage(video, 0, 0);
      try {
        return reader.decodeFromCanvas(canvas).getText();
      } catch {
        return null; // no code in this frame
      }
    },
  };
}
