import type { Bundle, Patient } from '@medplum/fhirtypes';
import { INTEGRATION_FILE_SOURCE } from '@zorgportaal/contract';
import demoBundle from './sources/demo-bundle.json' with { type: 'json' };

/** The bundles shipped with the server, by name: a `file:` source is looked up here, never read from disk. */
const SHIPPED: Record<string, unknown> = { 'demo-bundle.json': demoBundle };

/** A source answer larger than this is refused (a bundle of a few thousand clients stays far below). */
const MAX_BYTES = 10 * 1024 * 1024;
const TIMEOUT_MS = 15_000;

/** A run that cannot start: the report's Message. */
export class SourceError extends Error {}

export const HOST_NOT_ALLOWED =
  'Dit adres staat niet op de lijst van toegestane koppelingsadressen (INTEGRATION_HOSTS); vraag de beheerder van de installatie het toe te voegen.';

/** The port a URL reaches: its explicit port or the scheme's default. */
function effectivePort(url: URL): string {
  if (url.port) return url.port;
  return url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '';
}

/**
 * Whether an http(s) source may be fetched: its host is on the operator's INTEGRATION_HOSTS.
 * Without that list a Beheerder could make the server call any internal address (SSRF). A bare host
 * allows only the web ports 80 and 443; `host:port` allows exactly that port, so allowing a web server
 * never opens the database or cache port of the same machine.
 */
export function sourceAllowed(source: string, allowedHosts: readonly string[]): boolean {
  if (INTEGRATION_FILE_SOURCE.test(source)) return true;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  const port = effectivePort(url);
  const allowed = allowedHosts.map((entry) => entry.toLowerCase());
  if (allowed.includes(`${host}:${port}`)) return true;
  return allowed.includes(host) && (port === '80' || port === '443');
}

const TOO_LARGE = 'Het antwoord van de bron is te groot.';

/**
 * Reads the body as a stream, counting bytes as they arrive and aborting past MAX_BYTES: a huge
 * (or endless, chunked) answer never sits in memory whole.
 */
async function readLimited(response: Response, controller: AbortController): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) {
    controller.abort();
    throw new SourceError(TOO_LARGE);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_BYTES) {
        controller.abort();
        await reader.cancel().catch(() => undefined);
        throw new SourceError(TOO_LARGE);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof SourceError) throw error;
    throw new SourceError('De bron is niet bereikbaar.');
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

async function fetchJson(url: string, secret: string | null): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          Accept: 'application/fhir+json, application/json',
          ...(secret ? { Authorization: `Bearer ${secret}` } : {}),
        },
        redirect: 'error',
        signal: controller.signal,
      });
    } catch {
      throw new SourceError('De bron is niet bereikbaar.');
    }
    if (!response.ok) {
      controller.abort();
      throw new SourceError(`De bron antwoordde met status ${response.status}.`);
    }
    const body = await readLimited(response, controller);
    try {
      return JSON.parse(body);
    } catch {
      throw new SourceError('De bron gaf geen geldige JSON.');
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The source's FHIR R4 Bundle: a shipped file, or fetched from an allowed host with the limits above.
 * Anything but a Bundle with an entry list is a SourceError.
 */
export async function loadBundle(
  source: string,
  secret: string | null,
  allowedHosts: readonly string[],
): Promise<Bundle> {
  let data: unknown;
  if (!sourceAllowed(source, allowedHosts)) throw new SourceError(HOST_NOT_ALLOWED);
  if (INTEGRATION_FILE_SOURCE.test(source)) {
    data = SHIPPED[source.slice('file:'.length)];
    if (data === undefined) throw new SourceError('Dit bestand wordt niet meegeleverd.');
  } else {
    data = await fetchJson(source, secret);
  }
  const bundle = data as Bundle;
  if (!bundle || typeof bundle !== 'object' || bundle.resourceType !== 'Bundle')
    throw new SourceError('De bron gaf geen FHIR Bundle.');
  if (bundle.entry !== undefined && !Array.isArray(bundle.entry))
    throw new SourceError('De FHIR Bundle heeft geen geldige entry-lijst.');
  return bundle;
}

/** The Patient resources of the source's FHIR R4 Bundle, in order. */
export async function loadPatients(
  source: string,
  secret: string | null,
  allowedHosts: readonly string[],
): Promise<Patient[]> {
  const bundle = await loadBundle(source, secret, allowedHosts);
  return (bundle.entry ?? [])
    .map((entry) => entry?.resource)
    .filter((resource): resource is Patient => resource?.resourceType === 'Patient');
}
