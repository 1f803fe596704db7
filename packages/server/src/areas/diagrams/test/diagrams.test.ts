import { AUDIT_OBJECTS, DIAGRAMS_PER_ORGANISATION, type Diagram } from '@zorgportaal/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diagrams } from '../../../schema.ts';
import { apiAs, type Api } from '../../../../test/helpers/api.ts';
import { auditRows } from '../../../../test/helpers/audit.ts';
import { entityIdOf } from '../../../../test/helpers/entities.ts';
import { departmentIdOf } from '../../../../test/helpers/medication.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

let t: TestApp;
/** De Berk: its Beheerder and a nurse; the GP practice: the GP and its Beheerder; Het Anker; the trombosis service. */
const users: Record<string, Api> = {};
beforeAll(async () => {
  t = await buildTestApp();
  for (const name of ['beheerder', 'verpleegkundige', 'huisarts', 'praktijkbeheer', 'anker', 'trombose'])
    users[name] = await apiAs(t.app, name);
});
afterAll(() => t.close());

const definition = (extra: Record<string, unknown> = {}) => ({
  Measure: 'given',
  GroupBy: 'medication',
  PeriodDays: 30,
  DepartmentId: null,
  ...extra,
});
const list = async (user: string): Promise<Diagram[]> =>
  (await users[user]!.get('/api/diagrams')).json().Rows;
const create = (user: string, body: object) => users[user]!.post('/api/diagrams', body);
const demoDiagram = async () =>
  (await list('beheerder')).find((d) => d.Title === 'Afwijkingen per afdeling, laatste 14 dagen')!;
const fields = (res: { json: () => { Fields?: Record<string, string> } }) =>
  Object.keys(res.json().Fields ?? {});

describe('diagrams: saved per organisation, shared by its users', () => {
  it("lists De Berk's demo diagram with its owner and date to De Berk only", async () => {
    const rows = await list('beheerder');
    expect(rows).toEqual([
      expect.objectContaining({
        Title: 'Afwijkingen per afdeling, laatste 14 dagen',
        Definition: { Measure: 'deviations', GroupBy: 'department', PeriodDays: 14, DepartmentId: null },
        OwnerName: 'Fatima El Amrani',
        MayChange: true,
      }),
    ]);
    expect(Date.parse(rows[0]!.CreatedAt)).toBeLessThan(Date.now() - 2 * 86_400_000);
    expect(await list('anker')).toEqual([]);
    expect(await list('huisarts')).toEqual([]);
  });

  it("saves the GP's diagram for the practice: its Beheerder sees and may change it, De Berk does not see it", async () => {
    const res = await create('huisarts', { Title: '  Gegeven per medicijn ', Definition: definition() });
    expect(res.statusCode).toBe(201);
    const saved = res.json<Diagram>();
    expect(saved).toMatchObject({
      Title: 'Gegeven per medicijn',
      Definition: definition(),
      OwnerAccountId: users.huisarts!.account.Id,
      OwnerName: 'Willem van den Berg',
      MayChange: true,
    });
    expect(await list('praktijkbeheer')).toEqual([{ ...saved, MayChange: true }]);
    expect((await list('verpleegkundige')).map((d) => d.Id)).not.toContain(saved.Id);
    const [entry] = await auditRows(t, { objectType: AUDIT_OBJECTS.diagram, objectId: saved.Id });
    expect(entry).toMatchObject({ action: 'C', outcome: 'success', changedFields: ['Title', 'Definition'] });
  });

  it('lets the owner rename and change it, lists the change field by field, and deletes it', async () => {
    const { Id } = (await create('verpleegkundige', { Title: 'Eerst', Definition: definition() })).json();
    const renamed = await users.verpleegkundige!.put(`/api/diagrams/${Id}`, { Title: 'Daarna' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ Title: 'Daarna', Definition: definition() });
    const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const changed = await users.verpleegkundige!.put(`/api/diagrams/${Id}`, {
      Definition: definition({ Measure: 'deviationPercentage', DepartmentId: eikenhof }),
    });
    expect(changed.json()).toMatchObject({
      Title: 'Daarna',
      Definition: { Measure: 'deviationPercentage', DepartmentId: eikenhof },
    });
    expect(Date.parse(changed.json().UpdatedAt)).toBeGreaterThanOrEqual(Date.parse(changed.json().CreatedAt));

    const deleted = await users.verpleegkundige!.delete(`/api/diagrams/${Id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await list('verpleegkundige')).map((d) => d.Id)).not.toContain(Id);
    expect(await t.db.select().from(diagrams).where(eq(diagrams.id, Id))).toEqual([]);
    const entries = await auditRows(t, { objectType: AUDIT_OBJECTS.diagram, objectId: Id });
    expect(entries.map((e) => [e.action, e.changedFields])).toEqual([
      ['C', ['Title', 'Definition']],
      ['U', ['Title']],
      ['U', ['Definition']],
      ['D', null],
    ]);
    expect(entries.every((e) => e.userId === users.verpleegkundige!.account.Id)).toBe(true);
  });

  it("refuses a colleague's change with 403; the Beheerder may change and delete it", async () => {
    const { Id } = (
      await create('beheerder', { Title: 'Van de beheerder', Definition: definition() })
    ).json();
    const byNurse = await list('verpleegkundige');
    expect(byNurse.find((d) => d.Id === Id)?.MayChange).toBe(false);
    expect((await users.verpleegkundige!.put(`/api/diagrams/${Id}`, { Title: 'Niet' })).statusCode).toBe(403);
    expect((await users.verpleegkundige!.delete(`/api/diagrams/${Id}`)).statusCode).toBe(403);

    const demo = await demoDiagram();
    const tidied = await users.beheerder!.put(`/api/diagrams/${demo.Id}`, { Title: demo.Title });
    expect(tidied.statusCode).toBe(200);
    expect(tidied.json().OwnerName).toBe('Fatima El Amrani');
    expect((await users.beheerder!.delete(`/api/diagrams/${Id}`)).statusCode).toBe(204);
  });

  it("answers 404 to another organisation's diagram, logs the refusal and changes nothing", async () => {
    const demo = await demoDiagram();
    const before = await t.db.select().from(diagrams).where(eq(diagrams.id, demo.Id));
    for (const [method, payload] of [
      ['PUT', { Title: 'Overgenomen' }],
      ['DELETE', undefined],
    ] as const)
      for (const user of ['anker', 'huisarts']) {
        const res = await users[user]!.call(method, `/api/diagrams/${demo.Id}`, payload);
        expect(res.statusCode, `${user} ${method}`).toBe(404);
        expect(res.body).not.toContain(demo.Title);
      }
    // A missing id is answered the same way.
    expect((await users.anker!.put('/api/diagrams/999999', { Title: 'x' })).statusCode).toBe(404);
    expect(await t.db.select().from(diagrams).where(eq(diagrams.id, demo.Id))).toEqual(before);
    const refused = await auditRows(t, { objectType: AUDIT_OBJECTS.diagram, outcome: 'refused' });
    expect(refused.filter((e) => e.objectId === String(demo.Id)).map((e) => e.action)).toEqual([
      'U',
      'U',
      'D',
      'D',
    ]);
  });

  it('needs the Diagrammen permission for every call (403)', async () => {
    const demo = await demoDiagram();
    const trombose = users.trombose!;
    expect((await trombose.get('/api/diagrams')).statusCode).toBe(403);
    expect((await trombose.post('/api/diagrams', { Title: 'x', Definition: definition() })).statusCode).toBe(
      403,
    );
    expect((await trombose.put(`/api/diagrams/${demo.Id}`, { Title: 'x' })).statusCode).toBe(403);
    expect((await trombose.delete(`/api/diagrams/${demo.Id}`)).statusCode).toBe(403);
  });

  it('refuses bad input with the field named, and stores nothing', async () => {
    const count = async () => (await t.db.select().from(diagrams)).length;
    const before = await count();
    const cases: [object, string, number][] = [
      [{ Title: '   ', Definition: definition() }, 'Title', 400],
      [{ Title: 'x'.repeat(101), Definition: definition() }, 'Title', 400],
      [{ Title: 'a\u0000b', Definition: definition() }, 'Title', 400],
      [{ Title: 'x' }, 'Definition', 400],
      [{ Title: 'x', Definition: definition({ Measure: 'patients' }) }, 'Definition.Measure', 400],
      [{ Title: 'x', Definition: definition({ GroupBy: 'patient' }) }, 'Definition.GroupBy', 400],
      [{ Title: 'x', Definition: definition({ PeriodDays: 8 }) }, 'Definition.PeriodDays', 400],
      [{ Title: 'x', Definition: definition({ DepartmentId: '3' }) }, 'Definition.DepartmentId', 400],
      [{ Title: 'x', Definition: definition({ Colour: 'rood' }) }, 'Definition.Colour', 400],
      [{ Title: 'x', Definition: definition(), Owner: 1 }, 'Owner', 400],
    ];
    for (const [body, field, status] of cases) {
      const res = await create('verpleegkundige', body);
      expect(res.statusCode, field).toBe(status);
      expect(fields(res), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    // A department the caller's results cannot show: Het Anker's ward for De Berk, any ward for the GP.
    const kompas = await departmentIdOf(t, 'Afdeling Kompas');
    const foreign = await create('verpleegkundige', {
      Title: 'x',
      Definition: definition({ DepartmentId: kompas }),
    });
    expect(foreign.statusCode).toBe(422);
    expect(fields(foreign)).toEqual(['Definition.DepartmentId']);
    const eikenhof = await departmentIdOf(t, 'Afdeling Eikenhof');
    const gp = await create('huisarts', { Title: 'x', Definition: definition({ DepartmentId: eikenhof }) });
    expect(fields(gp)).toEqual(['Definition.DepartmentId']);
    expect(await count()).toBe(before);

    const demo = await demoDiagram();
    const empty = await users.beheerder!.put(`/api/diagrams/${demo.Id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(fields(empty)).toEqual(['Title']);
  });

  it(`keeps at most ${DIAGRAMS_PER_ORGANISATION} per organisation, also when saves arrive at once`, async () => {
    const hetAnker = await entityIdOf(t, 'Zorgcentrum Het Anker');
    const owner = users.anker!.account.Id;
    const room = 3;
    await t.db.insert(diagrams).values(
      Array.from({ length: DIAGRAMS_PER_ORGANISATION - room }, (_, i) => ({
        entityId: hetAnker,
        ownerAccountId: owner,
        title: `Vulling ${i}`,
        definition: { Measure: 'given', GroupBy: 'status', PeriodDays: 7, DepartmentId: null } as const,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create('anker', { Title: `Tegelijk ${i}`, Definition: definition() }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().Message).toContain(
      String(DIAGRAMS_PER_ORGANISATION),
    );
    expect(await list('anker')).toHaveLength(DIAGRAMS_PER_ORGANISATION);
    // Other organisations are not held back by Het Anker's count.
    expect((await create('praktijkbeheer', { Title: 'Nog', Definition: definition() })).statusCode).toBe(201);
  });

  it('bounds the stored definition in the table too', async () => {
    const deBerk = await entityIdOf(t, 'Zorgcentrum De Berk');
    const huge = { ...definition(), Padding: 'x'.repeat(2000) };
    await expect(
      t.db.execute(
        sql`insert into diagrams (entity_id, owner_account_id, title, definition)
            values (${deBerk}, ${users.beheerder!.account.Id}, 'te groot', ${JSON.stringify(huge)}::jsonb)`,
      ),
    ).rejects.toThrow();
  });
});
