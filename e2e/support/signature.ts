import type { Page } from 'playwright-core';

/** A signature as a hand draws it: press, several moves, release. */
export async function drawSignature(page: Page, canvas: ReturnType<Page['getByTestId']>) {
  const box = (await canvas.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (const [fx, fy] of [
    [0.2, 0.3],
    [0.3, 0.7],
    [0.45, 0.35],
    [0.6, 0.65],
    [0.75, 0.4],
    [0.9, 0.55],
  ] as const)
    await page.mouse.move(...at(fx, fy), { steps: 4 });
  await page.mouse.up();
}
