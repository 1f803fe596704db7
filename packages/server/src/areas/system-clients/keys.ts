import { createPublicKey, type JsonWebKey as NodeJwk } from 'node:crypto';
import { CLIENT_ASSERTION_ALGORITHMS } from '@zorgportaal/contract';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { badRequest, HttpError } from '../../platform/errors.ts';

/** A registered public key: only the public members, with a `kid` (given, else its RFC 7638 thumbprint). */
export type PublicJwk = Record<string, string>;
export interface PublicJwks {
  keys: PublicJwk[];
}

/** At most this many keys per client (a key and its successor during a rotation, with room to spare). */
const MAX_KEYS = 5;
const MIN_RSA_BITS = 2048;
const CURVES = new Set(['P-256', 'P-384', 'P-521']);

const invalid = (message: string) => badRequest(message, 'PublicKey');

const PUBLIC_MEMBERS: Record<string, readonly string[]> = {
  RSA: ['kty', 'n', 'e'],
  EC: ['kty', 'crv', 'x', 'y'],
};

/** One JWK of the paste, checked: RSA (≥ 2048 bits) or EC on a NIST curve, public, for signing. */
async function publicJwkOf(input: unknown, at: string): Promise<PublicJwk> {
  if (!input || typeof input !== 'object' || Array.isArray(input)) throw invalid(`${at}: geen geldige JWK.`);
  const jwk = input as Record<string, unknown>;
  if ('d' in jwk || 'p' in jwk || 'k' in jwk)
    throw invalid(`${at}: dit is een geheime of privésleutel; plak alleen de openbare sleutel.`);
  const members = PUBLIC_MEMBERS[String(jwk.kty)];
  if (!members) throw invalid(`${at}: alleen RSA- en EC-sleutels worden ondersteund.`);
  if (jwk.use !== undefined && jwk.use !== 'sig')
    throw invalid(`${at}: de sleutel is niet voor ondertekenen (use).`);
  if (jwk.alg !== undefined && !(CLIENT_ASSERTION_ALGORITHMS as readonly unknown[]).includes(jwk.alg))
    throw invalid(`${at}: het algoritme ${String(jwk.alg).slice(0, 20)} wordt niet ondersteund.`);
  if (jwk.kty === 'EC' && !CURVES.has(String(jwk.crv)))
    throw invalid(`${at}: alleen de curves P-256, P-384 en P-521 worden ondersteund.`);
  const out: PublicJwk = {};
  for (const member of members) {
    if (typeof jwk[member] !== 'string') throw invalid(`${at}: het onderdeel "${member}" ontbreekt.`);
    out[member] = jwk[member];
  }
  try {
    // The key must really import (a valid modulus or point), as the verifier will import it.
    const key = createPublicKey({ key: out as NodeJwk, format: 'jwk' });
    const bits = key.asymmetricKeyDetails?.modulusLength;
    if (jwk.kty === 'RSA' && (bits ?? 0) < MIN_RSA_BITS)
      throw invalid(`${at}: een RSA-sleutel heeft minstens ${MIN_RSA_BITS} bits.`);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw invalid(`${at}: de sleutel is onleesbaar.`);
  }
  if (typeof jwk.alg === 'string') out.alg = jwk.alg;
  out.kid =
    typeof jwk.kid === 'string' && jwk.kid.trim()
      ? jwk.kid.trim().slice(0, 200)
      : await calculateJwkThumbprint(out as JWK);
  return out;
}

/**
 * The pasted public key(s) as the JWKS we store: a JWKS (`{ "keys": [...] }`), one JWK, or a PEM public key
 * (`BEGIN PUBLIC KEY`). A private key, a symmetric key, an unsupported type or a weak RSA key is a 400
 * naming `PublicKey`.
 */
export async function parsePublicKeys(pasted: string): Promise<PublicJwks> {
  const text = pasted.trim();
  let candidates: unknown[];
  if (text.startsWith('-----BEGIN')) {
    if (!text.startsWith('-----BEGIN PUBLIC KEY-----'))
      throw invalid('Plak een openbare sleutel (BEGIN PUBLIC KEY), nooit een privésleutel.');
    try {
      candidates = [createPublicKey({ key: text, format: 'pem' }).export({ format: 'jwk' })];
    } catch {
      throw invalid('De PEM-sleutel is onleesbaar.');
    }
  } else {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw invalid('Geen geldige JSON; plak een JWKS, een JWK of een PEM-blok.');
    }
    const keys = (json as { keys?: unknown }).keys;
    candidates = Array.isArray(keys) ? keys : [json];
  }
  if (candidates.length === 0) throw invalid('De JWKS bevat geen sleutels.');
  if (candidates.length > MAX_KEYS) throw invalid(`Hoogstens ${MAX_KEYS} sleutels.`);
  const parsed: PublicJwk[] = [];
  for (const [i, candidate] of candidates.entries())
    parsed.push(await publicJwkOf(candidate, candidates.length > 1 ? `Sleutel ${i + 1}` : 'Sleutel'));
  if (new Set(parsed.map((k) => k.kid)).size !== parsed.length)
    throw invalid('Elke sleutel heeft een eigen kid nodig.');
  return { keys: parsed };
}
