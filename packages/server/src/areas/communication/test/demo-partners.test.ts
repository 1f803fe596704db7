import type { Recipient, Thread, ThreadList } from '@zorgportaal/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../../schema.ts';
import { DEMO_ACCOUNTS } from '../../../seed/demo-data.ts';
import { type Api, apiAs } from '../../../../test/helpers/api.ts';
import { buildTestApp, type TestApp } from '../../../../test/helpers/test-app.ts';

const DE_LINDE = 'Apotheek De Linde';
const DE_BERK = 'Zorgcentrum De Berk';
const HET_ANKER = 'Zorgcentrum Het Anker';
const CENTRUM = 'Apotheek Centrum';
const GP = 'Huisartsenpraktijk Linde';
const TROMBOSE = 'Trombosedienst Midden';

/** The organisations each demo account may write to: its partners in the care network. */
const PARTNERS: Record<string, string[]> = {
  apotheker: [DE_BERK, GP, TROMBOSE],
  assistent: [DE_BERK, GP, TROMBOSE],
  beheerder: [DE_LINDE, GP, DE_BERK, TROMBOSE],
  verpleegkundige: [DE_LINDE, GP, DE_BERK, TROMBOSE],
  nieuw: [DE_LINDE, GP, TROMBOSE],
  tweestaps: [DE_LINDE, GP, TROMBOSE],
  anker: [CENTRUM, TROMBOSE],
  centrum: [HET_ANKER, TROMBOSE],
  huisarts: [DE_BERK, DE_LINDE, TROMBOSE],
  praktijkbeheer: [DE_BERK, DE_LINDE, TROMBOSE],
  trombose: [DE_BERK, HET_ANKER, GP, DE_LINDE, CENTRUM],
  trombosebeheer: [DE_BERK, HET_ANKER, GP, DE_LINDE, CENTRUM],
};

describe('the demo world: every role writes to its partners', () => {
  let t: TestApp;
  const apis = new Map<string, Api>();
  const as = async (username: string) => {
    if (!apis.has(username)) apis.set(username, await apiAs(t.app, username));
    return apis.get(username)!;
  };
  const recipients = async (username: string) =>
    (await (await as(username)).get('/api/communication/recipients')).json<{ Rows: Recipient[] }>().Rows;

  beforeAll(async () => {
    t = await buildTestApp();
    // Their login steps are tested elsewhere; here their groups count.
    await t.db
      .update(s.accounts)
      .set({ mustChangePassword: false, totpEnabled: false })
      .where(inArray(s.accounts.username, ['nieuw', 'tweestaps']));
  });
  afterAll(() => t.close());

  it('names every demo account', () => {
    expect(Object.keys(PARTNERS).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.username).sort());
  });

  for (const [username, partners] of Object.entries(PARTNERS))
    it(`${username} writes to the Dagdienst of ${partners.join(', ')}`, async () => {
      const rows = await recipients(username);
      expect(rows.map((r) => r.EntityName).sort()).toEqual([...partners].sort());
      expect(new Set(rows.map((r) => r.Name))).toEqual(new Set(['Dagdienst']));
    });

  it('the trombosis service and De Berk talk about an INR value: the demo thread and a new one answered', async () => {
    const trombose = await as('trombose');
    const nurse = await as('verpleegkundige');
    const demo = (await trombose.get('/api/communication/threads')).json<ThreadList>().Rows;
    const critical = demo.find((r) => r.InrValue !== null && r.ToEntityName === DE_BERK);
    expect(critical).toMatchObject({ FromEntityName: TROMBOSE, Priority: 'high', MessageCount: 2 });
    expect(critical!.InrValue!.Value).toBeGreaterThan(6);
    // A question from De Berk waits for the service, unread.
    expect(demo.some((r) => r.FromEntityName === DE_BERK && r.Unread)).toBe(true);

    const deBerk = (await recipients('trombose')).find((r) => r.EntityName === DE_BERK)!;
    const created = await trombose.post('/api/communication/threads', {
      RecipientGroupId: deBerk.Id,
      InrValueId: critical!.InrValue!.Id,
      Subject: 'Controle na kritieke INR',
      Body: 'Wilt u morgen om 9 uur laten prikken?',
    });
    expect(created.statusCode).toBe(201);
    const thread = created.json<Thread>();
    expect(thread.PatientId).toBe(critical!.PatientId);
    const answer = await nurse.post(`/api/communication/threads/${thread.Id}/messages`, {
      Body: 'Staat genoteerd.',
    });
    expect(answer.statusCode).toBe(201);
    // Apotheek Centrum does not supply De Berk: it may not read about De Berk's client.
    const centrum = (await recipients('trombose')).find((r) => r.EntityName === CENTRUM)!;
    const elsewhere = await trombose.post('/api/communication/threads', {
      RecipientGroupId: centrum.Id,
      InrValueId: critical!.InrValue!.Id,
      Subject: 'Niet voor Centrum',
      Body: 'Dit mag niet aankomen.',
    });
    expect(elsewhere.statusCode).toBe(404);
    const seen = (await trombose.get(`/api/communication/threads/${thread.Id}`)).json<Thread>();
    expect(seen.Messages.map((m) => [m.AuthorEntityName, m.Body])).toEqual([
      [TROMBOSE, 'Wilt u morgen om 9 uur laten prikken?'],
      [DE_BERK, 'Staat genoteerd.'],
    ]);
  });
});
