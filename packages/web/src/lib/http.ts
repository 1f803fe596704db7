import { apiBase } from './api-config.ts';
import { RequestFailedError } from './api-errors.ts';
import { requestStarted } from './network-state.ts';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;
export type FormFields = Record<string, string | number | null | undefined>;

export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: QueryParams;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the OAuth calls, spec §7). */
  form?: FormFields;
  /** Sent as multipart/form-data (file uploads); the browser sets the boundary. */
  formData?: FormData;
  signal?: AbortSignal;
  /** Extra request headers (e.g. the Idempotency-Key of a registration that may be sent again). */
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return `${apiBase()}${path}${search ? `?${search}` : ''}`;
}

function encodeForm(fields: FormFields): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields))
    body.set(key, value === null || value === undefined ? '' : String(value));
  return body;
}

/** One fetch, with network failures and aborts mapped to the generic errors of spec §8. */
export async function send(
  path: string,
  options: SendOptions,
  accessToken?: string | null,
): Promise<Response> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (options.form) {
    body = encodeForm(options.form);
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
  } else if (options.formData) {
    body = options.formData;
  } else if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  }
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  // The header's progress bar, slow message and offline indicator follow every request.
  const finished = requestStarted();
  try {
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
    finished('answered');
    return response;
  } catch (error) {
    const aborted = options.signal?.aborted || (error instanceof DOMException && error.name === 'AbortError');
    finished(aborted ? 'aborted' : 'failed');
    // Without a connection the failure says so ("Niet beschikbaar zonder verbinding"), not "failed".
    const kind = aborted ? 'aborted' : navigator.onLine === false ? 'offline' : 'network';
    throw new RequestFailedError(kind, error);
  }
}

/** Reads the body as JSON when the content type says so, otherwise as text (undefined when empty). */
export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const type = response.headers.get('content-type') ?? '';
  try {
    if (/[/+]json\b/i.test(type)) return await response.json();
    const text = await response.text();
    return text === '' ? undefined : text;
  } catch (error) {
    throw new RequestFailedError('network', error);
  }
}
