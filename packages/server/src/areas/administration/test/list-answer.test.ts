import { type AdministrationList, AUDIT_ACTIONS } from '@zorgportaal/contract';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../../platform/time.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { departmentIdOf } from '../../../../test/helpers/medication.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const BROWSER = 'gzip, deflate, br, zstd';

/**
 * The Toedienlijst as the ward's tablets take it: built, serialised and gzipped once per version on an
 * instance, and the kept answer sent as it is to every browser (which always takes gzip); a client that takes
 * no gzip gets the same JSON. Every session's view still has its own NEN 7513 entry naming the clients shown.
 */
describe('the Toedienlijst answer, gzipped once and kept for the ward', () => {
  let t: TestApp;
  let department: number;
  let url: string;
  /** Two tablets of the ward: two sessions of the nurse. */
  const tablets: string[] = [];
  const get = (tablet: number, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(tablets[tablet]!), ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    for (const _ of [1, 2]) tablets.push((await login(t.app, 'verpleegkundige')).access_token);
    department = await departmentIdOf(t, 'Afdeling Eikenhof');
    url = `/api/administration/list?departmentId=${department}&date=${addDays(localDate(new Date()), 1)}`;
  });
  afterAll(() => t.close());

  it('sends the kept answer gzipped to a browser, and the same JSON to a client without gzip', async () => {
    const built = await get(0, BROWSER);
    expect(built.statusCode).toBe(200);
    expect(built.headers['content-encoding']).toBe('gzip');
    expect(built.headers.vary).toMatch(/accept-encoding/i);
    const json = gunzipSync(built.rawPayload).toString();
    expect(JSON.parse(json).Moments.length).toBeGreaterThan(0);

    // The other tablet: the kept bytes themselves, the same ETag (same account, same version).
    const kept = await get(1, BROWSER);
    expect(kept.headers['content-encoding']).toBe('gzip');
    expect(kept.rawPayload.equals(built.rawPayload)).toBe(true);
    expect(kept.headers.etag).toBe(built.headers.etag);

    const plain = await get(1);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.body).toBe(json);

    // A client that takes Brotli only: the compression plugin compresses the same JSON for it.
    const brotli = await get(1, 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(json);
  });

  it("writes each tablet's view with the clients shown, also when its answer was kept", async () => {
    const shown = new Set(
      JSON.parse(gunzipSync((await get(0, BROWSER)).rawPayload).toString() as string).Moments.map(
        (m: AdministrationList['Moments'][number]) => m.PatientId,
      ),
    );
    const entries = await auditRows(t, { objectType: 'administration_list', objectId: department });
    const sessions = entries.filter((e) => e.action === AUDIT_ACTIONS.read);
    // One entry per tablet (a session's repeated view within its window adds none).
    expect(sessions).toHaveLength(2);
    for (const entry of sessions) expect(new Set(entry.relatedPatientIds)).toEqual(shown);
  });
});
