import { createHmac } from 'node:crypto';

/**
 * A refresh token presented again within this window after its first use gets the same new pair as
 * the first time (a reload while the answer was on its way, a client retry, two requests racing); later
 * it counts as reuse and revokes the family. 30 s covers a reload on a slow ward tablet or network;
 * a thief holding the used token within that window gets the user's pair, no more.
 */
export const REFRESH_RETRY_GRACE_MS = 30_000;

/**
 * The pair that replaces a refresh token is derived from it with the installation's secret
 * (HMAC-SHA256), not drawn at random: a retry recomputes the same pair, so nothing secret is stored for
 * the grace window. Only whoever holds the refresh token and the server's secret can compute it; the
 * database keeps only hashes, as for every token.
 */
export function successorPair(
  secretKey: string,
  refreshToken: string,
): { accessToken: string; refreshToken: string } {
  const derive = (purpose: string) => {
    const mac = createHmac('sha256', `zp-refresh-successor:${secretKey}`);
    mac.update(`${purpose}:${refreshToken}`);
    return mac.digest('base64url');
  };
  return { accessToken: derive('access'), refreshToken: derive('refresh') };
}
