import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bwipjs from 'bwip-js/node';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

const WIDTH = 640;
const HEIGHT = 480;
const MODULE = 12;

/**
 * A one-frame Y4M video (what Chromium's fake camera plays, looped) of a DataMatrix made by bwip-js:
 * black modules on white, centred, with a quiet zone. Y4M is raw YUV, so no image codec is needed.
 */
export function writeDataMatrixVideo(path: string, text: string): void {
  const [symbol] = bwipjs.raw({ bcid: 'datamatrix', text }) as {
    pixs: number[];
    pixx: number;
    pixy: number;
  }[];
  const { pixs, pixx, pixy } = symbol!;
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  const left = Math.floor((WIDTH - pixx * MODULE) / 2);
  const top = Math.floor((HEIGHT - pixy * MODULE) / 2);
  for (let y = 0; y < pixy * MODULE; y++)
    for (let x = 0; x < pixx * MODULE; x++)
      if (pixs[Math.floor(y / MODULE) * pixx + Math.floor(x / MODULE)])
        luma[(top + y) * WIDTH + left + x] = 0;
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const header = `YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  writeFileSync(path, Buffer.concat([Buffer.from(header), luma, chroma]));
}

/** A fresh path for the video: Chromium opens it only when the page asks for the camera. */
export const videoPath = (): string => join(tmpdir(), `scan-${process.pid}-${Date.now()}.y4m`);

/** A Chromium of its own whose camera shows `video` (the shared one has no fake camera). */
export const launchWithCamera = (video: string): Promise<Browser> =>
  chromium.launch({
    executablePath: findChromium()!,
    headless: true,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
