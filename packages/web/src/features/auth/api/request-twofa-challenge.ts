import { api } from '../../../lib/api-client.ts';
import { tokenForm } from '../../../lib/oauth-form.ts';

interface TwofaChallengeResponse {
  data?: { twofa_uuid?: unknown };
}

/**
 * POST /oauth/2fa with the same form as the password grant (spec §7): the server verifies the
 * password again and answers the short-lived twofa_uuid that binds the code step to it.
 * (No zod here: the /login chunk stays free of it.)
 */
export async function requestTwofaChallenge(username: string, password: string): Promise<string> {
  const body = await api.post<TwofaChallengeResponse>('/oauth/2fa', undefined, {
    auth: false,
    form: tokenForm({ grant_type: 'password', username, password }),
  });
  const uuid = body?.data?.twofa_uuid;
  if (typeof uuid !== 'string' || !uuid) throw new Error('POST /oauth/2fa answered without a twofa_uuid');
  return uuid;
}
