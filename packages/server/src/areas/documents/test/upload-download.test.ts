import { AUDIT_OBJECTS, DOCUMENT_MAX_BYTES } from '@zorgportaal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentFiles } from '../../../schema.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { bearer, login } from '../../../../test/helpers/login.ts';
import { EXE_BYTES, multipart, pdfBytes, PNG_BYTES } from '../../../../test/helpers/multipart.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const user of ['apotheker', 'verpleegkundige', 'anker', 'centrum', 'beheerder'])
    tokens[user] = (await login(t.app, user)).access_token;
});
afterAll(() => t.close());

const as = (user: string) => bearer(tokens[user]!);

async function upload(user: string, parts: Parameters<typeof multipart>[0], url = '/api/documents') {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...as(user), ...body.headers },
  });
}

const get = (user: string, url: string) => t.app.inject({ method: 'GET', url, headers: as(user) });

describe('documents: upload and download', () => {
  it('stores a PDF and serves it back byte for byte as an attachment, never inline', async () => {
    const content = pdfBytes(700_000, 'download-test');
    const res = await upload('beheerder', {
      Title: 'Protocol valpreventie',
      Category: 'protocol',
      File: { name: 'valpreventie.pdf', content, type: 'application/pdf' },
    });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc).toMatchObject({
      Title: 'Protocol valpreventie',
      Category: 'protocol',
      Own: true,
      Version: {
        Version: 1,
        FileName: 'valpreventie.pdf',
        ContentType: 'application/pdf',
        Size: content.length,
      },
    });
    expect(doc.Version.UploadedBy).toMatch(/\S/);

    const file = await get('beheerder', `/api/documents/${doc.Id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(content)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="valpreventie\.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');

    // Every download is in the log.
    const entries = await auditRows(t, { objectType: AUDIT_OBJECTS.document_download, objectId: doc.Id });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'R', outcome: 'success', username: 'beheerder' });
  });

  it('trusts the content, not the name: a ".pdf" with PNG content is stored and served as PNG', async () => {
    const res = await upload('beheerder', {
      Title: 'Foto wondzorg',
      Category: 'overig',
      File: { name: 'wond.pdf', content: PNG_BYTES, type: 'application/pdf' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().Version).toMatchObject({ ContentType: 'image/png', FileName: 'wond.png' });
    const file = await get('beheerder', `/api/documents/${res.json().Id}/download`);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toContain('attachment');
  });

  it('refuses an executable with 415 naming the file, whatever it is called, and keeps nothing', async () => {
    const [before] = await t.db.$count(documentFiles).then((n) => [n]);
    const res = await upload('beheerder', {
      Title: 'Handleiding',
      Category: 'handleiding',
      File: { name: 'handleiding.pdf', content: EXE_BYTES, type: 'application/pdf' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      Code: 'UNSUPPORTED_MEDIA_TYPE',
      Fields: { File: expect.any(String) },
    });
    expect(await t.db.$count(documentFiles)).toBe(before);
  });

  it('refuses a file just over 20 MB while it streams in, with 413, and keeps none of its chunks', async () => {
    const before = await t.db.$count(documentFiles);
    const res = await upload('beheerder', {
      Title: 'Te groot',
      Category: 'overig',
      File: { name: 'groot.pdf', content: pdfBytes(DOCUMENT_MAX_BYTES + 1) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      Code: 'PAYLOAD_TOO_LARGE',
      Fields: { File: expect.stringContaining('20 MB') },
    });
    expect(await t.db.$count(documentFiles)).toBe(before);
    // 20 MB through the multipart parser on a 2-core machine: more than the default 30 s when CI is busy.
  }, 90_000);

  it('refuses a declared size far over 20 MB at once with 413', async () => {
    const res = await upload('beheerder', {
      Title: 'Veel te groot',
      Category: 'overig',
      File: { name: 'groot.pdf', content: pdfBytes(DOCUMENT_MAX_BYTES + 1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ Code: 'PAYLOAD_TOO_LARGE', Fields: { File: expect.any(String) } });
  });

  it('answers 400 naming the field for a missing title, a wrong category or no file', async () => {
    const noTitle = await upload('beheerder', {
      Category: 'protocol',
      File: { name: 'a.pdf', content: pdfBytes() },
    });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().Fields).toHaveProperty('Title');

    const badCategory = await upload('beheerder', {
      Title: 'X',
      Category: 'geheim',
      File: { name: 'a.pdf', content: pdfBytes() },
    });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().Fields).toHaveProperty('Category');

    const noFile = await upload('beheerder', { Title: 'X', Category: 'protocol' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().Fields).toHaveProperty('File');

    const json = await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: as('beheerder'),
      payload: { Title: 'X', Category: 'protocol' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('keeps every version: a new upload is version 2, version 1 stays downloadable', async () => {
    const v1 = pdfBytes(1000, 'versie-1');
    const v2 = pdfBytes(1000, 'versie-2');
    const created = await upload('beheerder', {
      Title: 'Formulier medicatie',
      Category: 'formulier',
      File: { name: 'formulier.pdf', content: v1 },
    });
    const id = created.json().Id;
    const next = await upload(
      'beheerder',
      { File: { name: 'formulier-2.pdf', content: v2 } },
      `/api/documents/${id}/versions`,
    );
    expect(next.statusCode).toBe(201);
    expect(next.json().Version).toMatchObject({ Version: 2, FileName: 'formulier-2.pdf' });
    expect(next.json().Versions.map((v: { Version: number }) => v.Version)).toEqual([2, 1]);

    expect((await get('beheerder', `/api/documents/${id}/download`)).rawPayload.equals(v2)).toBe(true);
    expect((await get('beheerder', `/api/documents/${id}/download?version=1`)).rawPayload.equals(v1)).toBe(
      true,
    );
    expect((await get('beheerder', `/api/documents/${id}/download?version=3`)).statusCode).toBe(404);

    const list = await get('beheerder', '/api/documents?category=formulier');
    expect(list.json().Rows.filter((r: { Id: number }) => r.Id === id)).toHaveLength(1);
  });

  it('searches by title and category', async () => {
    await upload('beheerder', {
      Title: 'Handleiding tillift',
      Category: 'handleiding',
      File: { name: 't.pdf', content: pdfBytes() },
    });
    const byTitle = await get('beheerder', '/api/documents?q=TILLIFT');
    expect(byTitle.json().Rows.map((r: { Title: string }) => r.Title)).toEqual(['Handleiding tillift']);
    const byCategory = await get('beheerder', '/api/documents?category=handleiding&q=till');
    expect(byCategory.json().Rows).toHaveLength(1);
    expect((await get('beheerder', '/api/documents?category=protocol&q=tillift')).json().Rows).toHaveLength(
      0,
    );
    expect((await get('beheerder', '/api/documents?category=nope')).statusCode).toBe(400);
  });
});

describe('documents: organisations', () => {
  it('keeps a care centre document from another care centre and a pharmacy (404, refused in the log)', async () => {
    const created = await upload('beheerder', {
      Title: 'Intern protocol De Berk',
      Category: 'protocol',
      File: { name: 'intern.pdf', content: pdfBytes() },
    });
    const id = created.json().Id;
    for (const user of ['anker', 'apotheker']) {
      expect((await get(user, `/api/documents/${id}`)).statusCode).toBe(404);
      expect((await get(user, `/api/documents/${id}/download`)).statusCode).toBe(404);
      const list = await get(user, '/api/documents');
      expect(list.json().Rows.map((r: { Id: number }) => r.Id)).not.toContain(id);
    }
    const del = await t.app.inject({ method: 'DELETE', url: `/api/documents/${id}`, headers: as('anker') });
    expect(del.statusCode).toBe(404);
    const refused = await auditRows(t, { objectType: AUDIT_OBJECTS.document, outcome: 'refused' });
    expect(refused.filter((e) => e.objectId === String(id)).length).toBeGreaterThanOrEqual(5);
    // The owner still has it.
    expect((await get('beheerder', `/api/documents/${id}`)).statusCode).toBe(200);
  });

  it('shares a pharmacy document with the care centres it supplies only, read-only for them', async () => {
    const created = await upload('apotheker', {
      Title: 'Werkinstructie Baxterrollen',
      Category: 'handleiding',
      Shared: 'true',
      File: { name: 'baxter.pdf', content: pdfBytes() },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().Id;
    // De Linde supplies De Berk: the nurse there reads and downloads it.
    const seen = await get('verpleegkundige', '/api/documents');
    const row = seen.json().Rows.find((r: { Id: number }) => r.Id === id);
    expect(row).toMatchObject({ Own: false, EntityName: 'Apotheek De Linde', Shared: true });
    expect((await get('verpleegkundige', `/api/documents/${id}/download`)).statusCode).toBe(200);
    // Het Anker is supplied by another pharmacy: nothing.
    expect((await get('anker', `/api/documents/${id}`)).statusCode).toBe(404);
    // The supplied care centre cannot change or delete it.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      headers: as('beheerder'),
    });
    expect(del.statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/documents/${id}`,
      headers: as('beheerder'),
      payload: { Title: 'Overgenomen' },
    });
    expect(put.statusCode).toBe(404);
    // Unshared, it is gone for the care centre.
    const unshare = await t.app.inject({
      method: 'PUT',
      url: `/api/documents/${id}`,
      headers: as('apotheker'),
      payload: { Shared: false },
    });
    expect(unshare.statusCode).toBe(200);
    expect(unshare.json()).toMatchObject({ Shared: false, Title: 'Werkinstructie Baxterrollen' });
    expect((await get('verpleegkundige', `/api/documents/${id}`)).statusCode).toBe(404);
  });

  it('lets only documents.write upload: a Verpleegkundige gets 403', async () => {
    const res = await upload('verpleegkundige', {
      Title: 'X',
      Category: 'overig',
      File: { name: 'a.pdf', content: pdfBytes() },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('documents: trash', () => {
  it('moves a deleted document to the trash, out of the list, and restores it', async () => {
    const created = await upload('beheerder', {
      Title: 'Oud formulier',
      Category: 'formulier',
      File: { name: 'oud.pdf', content: pdfBytes() },
    });
    const id = created.json().Id;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      headers: as('beheerder'),
    });
    expect(del.statusCode).toBe(204);
    expect(
      (await get('beheerder', '/api/documents')).json().Rows.map((r: { Id: number }) => r.Id),
    ).not.toContain(id);
    expect((await get('beheerder', `/api/documents/${id}/download`)).statusCode).toBe(404);
    const trash = await get('beheerder', '/api/documents/trash');
    expect(trash.json().Rows.map((r: { Id: number }) => r.Id)).toContain(id);
    const restore = await t.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/restore`,
      headers: as('beheerder'),
    });
    expect(restore.statusCode).toBe(200);
    expect((await get('beheerder', `/api/documents/${id}/download`)).statusCode).toBe(200);
  });
});

describe('documents: demo world', () => {
  it('gives each organisation its documents, the pharmacy sharing two with the care centre it supplies', async () => {
    const titles = async (user: string) =>
      (await get(user, '/api/documents')).json().Rows.map((r: { Title: string }) => r.Title);
    const nurse = await titles('verpleegkundige');
    expect(nurse).toEqual(
      expect.arrayContaining([
        'Protocol valpreventie',
        'Werkinstructie Baxterrollen uitzetten',
        'Protocol medicatieverificatie bij opname',
      ]),
    );
    expect(nurse).not.toContain('Interne afspraken weekendbezorging');
    expect(nurse).not.toContain('Handleiding toedienregistratie');
    expect(await titles('anker')).toContain('Handleiding toedienregistratie');

    const list = await get('verpleegkundige', '/api/documents?q=valpreventie');
    const row = list.json().Rows.find((r: { Title: string }) => r.Title === 'Protocol valpreventie');
    expect(row.Version.Version).toBe(2);
    const file = await get('verpleegkundige', `/api/documents/${row.Id}/download?version=1`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.toString('latin1')).toContain('%%EOF');
  });
});
