import { AVATAR_MAX_BYTES, AVATAR_MAX_PX } from '@zorgportaal/contract';

/** Image types the avatar upload accepts (as the server's schema does). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
/** Larger files are refused before decoding, so a huge photo cannot stall the tab. */
export const AVATAR_MAX_FILE_BYTES = 15 * 1024 * 1024;

/** The size that fits within `max` × `max`, keeping the aspect ratio; never enlarges. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Draws the chosen image on a canvas of at most AVATAR_MAX_PX and returns it as a data URL.
 * Redrawing also drops any metadata of the photo (location, camera). PNG keeps transparency;
 * when that is too large, JPEG is used.
 */
export async function resizeImage(file: Blob, max = AVATAR_MAX_PX): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const { width, height } = fitWithin(bitmap.width, bitmap.height, max);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas available');
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const dataUrl = canvas.toDataURL(file.type === 'image/png' ? 'image/png' : 'image/jpeg', 0.85);
  return dataUrl.length <= AVATAR_MAX_BYTES ? dataUrl : canvas.toDataURL('image/jpeg', 0.8);
}
