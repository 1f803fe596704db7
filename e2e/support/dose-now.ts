import { passwordToken } from './api.ts';
import { baseURL } from './browser.ts';

/** One login per user and portal for the worker's files: a password login costs the server a hash. */
const tokens = new Map<string, Promise<string>>();
function tokenOf(base: string, username: string): Promise<string> {
  const key = `${base}|${username}`;
  if (!tokens.has(key)) tokens.set(key, passwordToken(base, username));
  return tokens.get(key)!;
}

/**
 * A dose registered "Gegeven" in one tap must be inside its time window (60 minutes either side of its
 * planned time by default), and the demo world's rounds run from 07:00 to 22:00: at night no demo dose
 * is due. A test that gives a dose plans its own: a new agreement (by the care centre's Beheerder,
 * through the API) for a client with consent of the department, with one moment at the current minute.
 * Returns the agreement id; its card is `[data-testid="moment-card"][data-key^="<id>@"]`.
 */
export async function planDoseNow(
  departmentId: number | null,
  options: { product?: string; username?: string } = {},
): Promise<number> {
  const base = baseURL();
  const username = options.username ?? 'beheerder';
  let token = await tokenOf(base, username);
  const call = async <T>(path: string, body?: unknown, again = true): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // A test may have ended that session (a forced logout): log in once more.
    if (response.status === 401 && again) {
      tokens.delete(`${base}|${username}`);
      token = await tokenOf(base, username);
      return call(path, body, false);
    }
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const department =
    departmentId ?? (await call<{ Rows: { Id: number }[] }>('/api/medication/departments')).Rows[0]!.Id;
  const patients = await call<{ Rows: { Id: number; ConsentStatus: string }[] }>(
    `/api/patients?departmentId=${department}`,
  );
  const patient = patients.Rows.find((row) => row.ConsentStatus === 'given')!;
  const product = await call<{ Rows: { Id: number }[] }>(
    `/api/medication/catalogue?q=${encodeURIComponent(options.product ?? 'PARACETAMOL TABLET 500MG')}`,
  );
  const time = new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date());
  const agreement = await call<{ Id: number }>('/api/medication/agreement', {
    PatientId: patient.Id,
    MedicationId: product.Rows[0]!.Id,
    Prescriber: 'dr. Test',
    Type: 'continuous',
    Start: '2025-01-01',
    Instructions: { DoseUnit: 'tablet', Moments: [{ Time: time, Dose: 1 }] },
    DistributionForm: 'loose',
  });
  return agreement.Id;
}

/** The card of a planned moment of `agreementId` on the list. */
export const cardOf = (agreementId: number) => `[data-testid="moment-card"][data-key^="${agreementId}@"]`;
