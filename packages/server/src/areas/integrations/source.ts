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

/**
 * Whether an http(s) source may be fetched: its host (or host:port) is on the operator's INTEGRATION_HOSTS.
 * Without that list a Beheerder could make the server call any internal address (SSRF).
 */
export function sourceAllowed(source: string, allowedHosts: readonly string[]): boolean {
  if (INTEGRATION_FILE_SOURCE.test(source)) return true;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return allowedHosts.includes(host) || allowedHosts.includes(url.host.toLowerCase());
}

async function fetchJson(url: string, secret: string | null): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        Accept: 'application/fhir+json, application/json',
        ...(secret ? { Authorization: `Bearer ${secret}` } : {}),
      },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new SourceError('De bron is niet bereikbaar.');
  }
  if (!response.ok) throw new SourceError(`De bron antwoordde met status ${response.status}.`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) throw new SourceError('Het antwoord van de bron is te groot.');
  const body = await response.text();
  if (body.length > MAX_BYTES) throw new SourceError('Het antwoord van de bron is te groot.');
  try {
    return JSON.parse(body);
  } catch {
    throw new SourceError('De bron gaf geen geldige JSON.');
  }
}

/** The Patient resources of the source's FHIR R4 Bundle, in order. */
export async function loadPatients(
  source: string,
  secret: string | null,
  allowedHosts: readonly string[],
): Promise<Patient[]> {
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
  return (bundle.entry ?? [])
    .map((entry) => entry?.resource)
    .filter((resource): resource is Patient => resource?.resourceType === 'Patient');
}
