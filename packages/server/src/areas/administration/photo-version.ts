import { createHash } from 'node:crypto';

/**
 * The version of a client's photo in the day list: a short hash of the stored image, so the photo URL
 * changes when the photo does and the browser may keep each version for the whole session. The database
 * keeps it with the photo (`persons.avatar_version`, migration 0038, which computes the same); the tests hold
 * the two to this definition.
 */
export const photoVersion = (avatar: string | null): string | null =>
  avatar ? createHash('sha256').update(avatar).digest('base64url').slice(0, 16) : null;

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/=]+)$/;

/** The stored data URL as bytes to send; null when it is not one of the image types uploads accept. */
export function photoBytes(avatar: string): { contentType: string; bytes: Buffer } | null {
  const match = DATA_URL.exec(avatar);
  return match ? { contentType: match[1]!, bytes: Buffer.from(match[2]!, 'base64') } : null;
}
