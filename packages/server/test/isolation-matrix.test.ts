import { sachetCode } from '@zorgportaal/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../src/schema.ts';
import { bearer, login } from './helpers/login.ts';
import { departmentIdOf } from './helpers/medication.ts';
import { fillPath, operationsOf, type Operation } from './helpers/openapi.ts';
import { entityIdOf } from './helpers/entities.ts';
import { tablesWithColumns } from './helpers/tables.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Generated from the OpenAPI document: every operation with an id in its path, called by a caller of
 * an unrelated organisation (Het Anker's Beheerder, who holds every permission) with the ids of
 * Zorgcentrum De Berk's records, answers 404 and changes nothing of De Berk. A new route is covered
 * automatically; a new kind of id fails below until it is given a rule.
 */

/** The kind of record a path parameter names: first matching rule wins. */
const ID_RULES: [RegExp, string, IdKind][] = [
  [/^\/api\/trash\//, 'personId', 'deletedPerson'],
  [/^\/api\/account\/link\//, 'personId', 'person'],
  [/^\/api\/patient\/link\/person\//, 'id', 'person'],
  [/^\/api\/person\//, 'id', 'person'],
  [/^\/api\/account\/ips\//, 'id', 'ipEntry'],
  [/^\/api\/accounts\//, 'id', 'account'],
  [/^\/api\/account\//, 'id', 'account'],
  [/^\/api\/patient\//, 'id', 'patient'],
  [/^\/api\/trombosis\/patient\//, 'id', 'patient'],
  [/^\/api\/medication\/agreement\//, 'id', 'agreement'],
  [/^\/api\/administration\/registration\//, 'id', 'registration'],
  [/^\/api\/documents\//, 'id', 'document'],
  [/^\/api\/diagrams\//, 'id', 'diagram'],
  [/^\/api\/network\/links\//, 'id', 'networkLink'],
  [/^\/api\/communication\/threads\//, 'id', 'thread'],
  [/^\/api\/medication\/healthcare_provider\/order\//, 'id', 'order'],
  [/^\/api\/baxter\/roll\//, 'id', 'roll'],
  [/^\/api\/management\/settings\/integration\/report\//, 'id', 'integrationReport'],
  [/^\/api\/management\/settings\/integration\//, 'id', 'integration'],
  [/^\/api\/management\/settings\/systemclients\//, 'id', 'systemClient'],
  // Another organisation's entity id (the spec's fixed "1" and the caller's own id mean the own entity).
  [/^\/api\/management\/settings\/\{id\}$/, 'id', 'entity'],
  [/./, 'patientId', 'patient'],
  [/./, 'patientEntityId', 'entity'],
  [/./, 'medicationAgreementId', 'agreement'],
];
type IdKind =
  | 'person'
  | 'deletedPerson'
  | 'account'
  | 'ipEntry'
  | 'patient'
  | 'agreement'
  | 'registration'
  | 'entity'
  | 'document'
  | 'diagram'
  | 'networkLink'
  | 'thread'
  | 'order'
  | 'roll'
  | 'integration'
  | 'integrationReport'
  | 'systemClient';

/** Operations whose path id does not name another organisation's record. Keep this list short. */
const EXCEPTIONS: Record<string, string> = {
  // productId is a product, not a record: the call lists the caller's own allow-list for it.
  'GET /api/account/ips/{productId}': 'own records only',
};

/** A body the schema accepts, so the call reaches the organisation check instead of a 400. */
function bodyFor(op: Operation, ownDepartmentId: number, medicationId: number): unknown {
  const patient = { Bsn: '111222333', DepartmentId: ownDepartmentId };
  const integration = {
    Type: 'webhook',
    Name: 'Overgenomen',
    Source: 'https://x.example.org/',
    WardMapping: [],
  };
  const agreement = {
    MedicationId: medicationId,
    Prescriber: 'dr. Test',
    Type: 'continuous',
    Instructions: { DoseUnit: 'tablet', Moments: [{ Time: '08:00', Dose: 1 }] },
    DistributionForm: 'gds',
  };
  const bodies: Record<string, unknown> = {
    'PUT /api/person/{id}': { NameInformation: { FirstNames: 'Eva', LastName: { LastName: 'Jansen' } } },
    'POST /api/account/link/{personId}': { Username: 'isolatie1', EmailAddress: ['isolatie@example.org'] },
    'PUT /api/account/{id}': { EmployeeNumber: 'X1' },
    'DELETE /api/account/ips/{id}': { current_password: 'step-up-wachtwoord' },
    'DELETE /api/trash/{personId}': { ConfirmName: 'Eva Jansen' },
    'PUT /api/patient/{id}': patient,
    'POST /api/patient/link/person/{id}': patient,
    'POST /api/medication/agreement/{id}/change': agreement,
    'POST /api/medication/agreement/{id}/stop': { StopType: 'stopped', Reason: 'test' },
    'POST /api/administration/registration/{id}/doublecheck': {},
    'POST /api/baxter/roll/{id}/sachet-scan': { Code: sachetCode(1, 1, '2026-12-01', '08:00') },
    'POST /api/management/settings/integration/{id}': integration,
    'PUT /api/management/settings/integration/{id}': integration,
    'PUT /api/documents/{id}': { Title: 'Overgenomen' },
    'PUT /api/diagrams/{id}': { Title: 'Overgenomen' },
    'PUT /api/management/settings/{id}': { WelcomeText: 'Overgenomen' },
    'PUT /api/network/links/{id}': { Active: false },
    'POST /api/medication/healthcare_provider/order/{id}/cancel': {},
    'POST /api/trombosis/patient/{id}/inrvalues': {
      Value: 2.5,
      MeasuredAt: new Date(Date.now() - 60_000).toISOString(),
      Method: 'venous',
    },
    'PUT /api/trombosis/patient/{id}/targetrange': { Group: 'group1' },
    'POST /api/trombosis/patient/{id}/dosageschemes': {
      Drug: 'acenocoumarol',
      ValidFrom: '2099-01-01',
      TabletsPerDay: [1, 1, 1, 1, 1, 1, 1],
      NextCheck: '2099-01-22',
    },
  };
  const key = `${op.method} ${op.path}`;
  if (key in bodies) return bodies[key];
  // A body schema with an example (the contract's `.meta({ examples: [...] })`, also the API documentation's).
  if (op.bodyExample !== undefined) return op.bodyExample;
  throw new Error(`${key}: give its body schema an example in the contract, or add a valid body here`);
}

describe('isolation matrix (generated from /api/docs/json)', () => {
  let t: TestApp;
  let victim: number;
  let ids: Record<IdKind, number>;
  let token: string;
  let ownDepartmentId: number;
  let medicationId: number;
  let ownPersonId: number;

  /** A digest of De Berk's records and of what a call could change for its accounts. */
  const victimDigest = async () => {
    const v = victim;
    const accountsOfVictim = sql`(select id from accounts where entity_id = ${v})`;
    const tables = [
      sql`select * from persons where entity_id = ${v}`,
      sql`select * from accounts where entity_id = ${v}`,
      sql`select * from account_roles where entity_id = ${v}`,
      sql`select * from account_subscriptions where entity_id = ${v}`,
      sql`select * from patients where entity_id = ${v}`,
      sql`select * from medication_agreements where entity_id = ${v}`,
      sql`select * from administrations where entity_id = ${v}`,
      sql`select * from consents where entity_id = ${v}`,
      sql`select * from message_threads where from_entity_id = ${v} or to_entity_id = ${v}`,
      sql`select * from messages where thread_id in (select id from message_threads where from_entity_id = ${v} or to_entity_id = ${v})`,
      sql`select * from message_reads where account_id in ${accountsOfVictim}`,
      sql`select * from medication_reviews where entity_id = ${v}`,
      sql`select * from orders where entity_id = ${v}`,
      sql`select * from order_history where order_id in (select id from orders where entity_id = ${v})`,
      sql`select * from baxter_rolls where entity_id = ${v}`,
      sql`select * from entities where id = ${v}`,
      sql`select * from account_ip_allow_list where account_id in ${accountsOfVictim}`,
      sql`select * from sessions where account_id in ${accountsOfVictim}`,
      sql`select * from totp_enrolments where account_id in ${accountsOfVictim}`,
      sql`select * from mail_outbox`,
      sql`select * from documents where entity_id = ${v}`,
      sql`select * from diagrams where entity_id = ${v}`,
      sql`select * from document_versions where document_id in (select id from documents where entity_id = ${v})`,
      sql`select * from network_links where from_entity_id = ${v} or to_entity_id = ${v}`,
      sql`select * from integrations where entity_id = ${v}`,
      sql`select * from integration_reports where entity_id = ${v}`,
      sql`select * from system_clients where entity_id = ${v}`,
    ];
    // Every other table that names an organisation or a client: a new area's table is in the digest too. Not
    // the audit log: a refused call writes its own entry there, which is the point.
    for (const { table, column } of await tablesWithColumns(t, ['entity_id', 'patient_id'])) {
      const owned =
        column === 'entity_id' ? sql`${v}` : sql`(select id from patients where entity_id = ${v})`;
      tables.push(sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} in (${owned})`);
    }
    const digests: string[] = [];
    for (const table of tables) {
      const result = await t.db.execute(
        sql`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from (${table}) x`,
      );
      digests.push(String((result as unknown as { rows: { d: string }[] }).rows[0]!.d));
    }
    return digests;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    victim = await entityIdOf(t, 'Zorgcentrum De Berk');
    ownDepartmentId = await departmentIdOf(t, 'Wijk Haven');
    const first = async <T>(rows: Promise<T[]>) => (await rows)[0]!;
    const person = await first(
      t.db
        .select({ id: s.persons.id })
        .from(s.persons)
        .where(and(eq(s.persons.entityId, victim), eq(s.persons.deleted, false))),
    );
    const [deleted] = await t.db
      .insert(s.persons)
      .values({ entityId: victim, firstNames: 'Eva', lastName: 'Jansen', deleted: true })
      .returning({ id: s.persons.id });
    const account = await first(
      t.db.select({ id: s.accounts.id }).from(s.accounts).where(eq(s.accounts.entityId, victim)),
    );
    const [ipEntry] = await t.db
      .insert(s.accountIpAllowList)
      .values({
        accountId: account.id,
        entityId: victim,
        ip: '127.0.0.1',
        productId: 1,
        description: 'isolatie',
      })
      .returning({ id: s.accountIpAllowList.id });
    const patient = await first(
      t.db.select({ id: s.patients.id }).from(s.patients).where(eq(s.patients.entityId, victim)),
    );
    const agreement = await first(
      t.db
        .select({ id: s.medicationAgreements.id, medicationId: s.medicationAgreements.medicationId })
        .from(s.medicationAgreements)
        .where(eq(s.medicationAgreements.entityId, victim)),
    );
    const registration = await first(
      t.db
        .select({ id: s.administrations.id })
        .from(s.administrations)
        .where(eq(s.administrations.entityId, victim)),
    );
    const document = await first(
      t.db.select({ id: s.documents.id }).from(s.documents).where(eq(s.documents.entityId, victim)),
    );
    const diagram = await first(
      t.db.select({ id: s.diagrams.id }).from(s.diagrams).where(eq(s.diagrams.entityId, victim)),
    );
    // A link De Berk has with another organisation than the attacker's.
    const link = await first(
      t.db
        .select({ id: s.networkLinks.id })
        .from(s.networkLinks)
        .where(and(eq(s.networkLinks.toEntityId, victim), eq(s.networkLinks.role, 'gp'))),
    );
    const thread = await first(
      t.db
        .select({ id: s.messageThreads.id })
        .from(s.messageThreads)
        .where(eq(s.messageThreads.toEntityId, victim)),
    );
    const order = await first(
      t.db.select({ id: s.orders.id }).from(s.orders).where(eq(s.orders.entityId, victim)),
    );
    const roll = await first(
      t.db.select({ id: s.baxterRolls.id }).from(s.baxterRolls).where(eq(s.baxterRolls.entityId, victim)),
    );
    // A report of De Berk's demo integration: its Beheerder runs the sync once.
    const sync = await t.app.inject({
      method: 'GET',
      url: '/api/mijncaress/sync',
      headers: bearer((await login(t.app, 'beheerder')).access_token),
    });
    const report = sync.json<{ Id: number; IntegrationId: number }>();
    // A system client of De Berk (FHIR client credentials), created by its Beheerder.
    const systemClient = await t.app.inject({
      method: 'POST',
      url: '/api/management/settings/systemclients',
      headers: bearer((await login(t.app, 'beheerder')).access_token),
      payload: { Name: 'ECD De Berk', Scopes: ['system/Patient.rs'] },
    });
    medicationId = agreement.medicationId;
    ids = {
      integration: report.IntegrationId,
      integrationReport: report.Id,
      systemClient: systemClient.json<{ Id: number }>().Id,
      person: person.id,
      deletedPerson: deleted!.id,
      account: account.id,
      ipEntry: ipEntry!.id,
      patient: patient.id,
      agreement: agreement.id,
      registration: registration.id,
      entity: victim,
      document: document.id,
      diagram: diagram.id,
      networkLink: link.id,
      thread: thread.id,
      order: order.id,
      roll: roll.id,
    };
    const attacker = await login(t.app, 'anker');
    token = attacker.access_token;
    ownPersonId = attacker.Account.Person!.Id;
  });
  afterAll(() => t.close());

  it('answers 404 to every id of an unrelated organisation and changes nothing', async () => {
    const operations = (await operationsOf(t.app)).filter((op) => op.pathParams.length > 0);
    const before = await victimDigest();
    const answers: string[] = [];
    let tested = 0;
    for (const op of operations) {
      const key = `${op.method} ${op.path}`;
      if (EXCEPTIONS[key]) continue;
      const values: Record<string, number> = {};
      for (const name of op.pathParams) {
        const rule = ID_RULES.find(([path, param]) => path.test(op.path) && param === name);
        if (!rule) throw new Error(`${key}: no isolation rule for {${name}}; add one to ID_RULES`);
        values[name] = ids[rule[2]];
      }
      const res = await t.app.inject({
        method: op.method,
        url: fillPath(op.path, values),
        headers: bearer(token),
        ...(op.body ? { payload: bodyFor(op, ownDepartmentId, medicationId) as object } : {}),
      });
      answers.push(`${key} → ${res.statusCode} ${res.json<{ Code?: string }>().Code ?? ''}`);
      tested++;
    }
    expect(answers.filter((line) => !line.includes('→ 404 NOT_FOUND'))).toEqual([]);
    // The same caller reaches its own records: the 404s are the organisation check, not a dead token.
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/person/${ownPersonId}`,
      headers: bearer(token),
    });
    expect(own.statusCode).toBe(200);
    expect(tested).toBeGreaterThanOrEqual(20);
    expect(await victimDigest()).toEqual(before);
  });
});
