import { describe, expect, it } from 'vitest';
import { ApiRequestError, RequestFailedError } from '../../../lib/api-errors.ts';
import { i18n } from '../../../lib/i18n.ts';
import { resetErrorMessage } from './reset-error-message.ts';

const t = i18n.getFixedT('nl');
const apiError = (status: number, Message?: string) =>
  new ApiRequestError(status, Message === undefined ? undefined : { Code: 'X', Message });

describe('forgot-password error mapping (spec §8)', () => {
  it("shows 'Internal Server Error' for a 500 and 'Invalid credentials' for a 401, whatever the body", () => {
    expect(resetErrorMessage(t, apiError(500, 'database down'))).toBe('Internal Server Error');
    expect(resetErrorMessage(t, apiError(401, 'nope'))).toBe('Invalid credentials');
  });

  it('shows the raw error otherwise', () => {
    expect(resetErrorMessage(t, apiError(410, 'Deze link is al gebruikt of verlopen.'))).toBe(
      'Deze link is al gebruikt of verlopen.',
    );
    expect(resetErrorMessage(t, apiError(429, 'Too many attempts'))).toBe('Too many attempts');
    expect(resetErrorMessage(t, apiError(503))).toBe('Request failed with status 503');
  });

  it('shows the generic failure when there was no answer', () => {
    expect(resetErrorMessage(t, new RequestFailedError('network'))).toBe(
      'De verbinding met de server is mislukt.',
    );
  });
});
