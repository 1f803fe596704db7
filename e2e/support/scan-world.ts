import { sachetCode } from '@zorgportaal/contract';
import { apiAs } from './api.ts';

/** A BSN that passes the elfproef, random so a run never meets an earlier one. */
function randomBsn(): string {
  for (;;) {
    const digits = Array.from({ length: 8 }, () => Math.floor(Math.random() * 10));
    if (digits[0] === 0) continue;
    const last = digits.reduce((sum, digit, i) => sum + digit * (9 - i), 0) % 11;
    if (last < 10) return `${digits.join('')}${last}`;
  }
}

type Roll = { Id: number; Patient: { Id: number; Name: string } };

/**
 * A new client of the nurse's first department with a gds dose due this minute, and the pharmacy's roll
 * of this week for it (generated as the pharmacy does): the sachet of that dose, and a sachet of another
 * client of the same care centre. Returns the agreement (its card is `cardOf(id)`) and both codes.
 */
export async function planSachetNow() {
  const beheerder = await apiAs('beheerder');
  const department = (await beheerder<{ Rows: { Id: number }[] }>('/api/medication/departments')).Rows[0]!.Id;
  const person = await beheerder<{ Id: number }>('/api/person', {
    NameInformation: { FirstNames: 'Sanne', LastName: { Prefix: null, LastName: 'Scanmoment' } },
    DateOfBirth: '1941-02-03',
    CustomerName: null,
  });
  const patient = await beheerder<{ Id: number }>(`/api/patient/link/person/${person.Id}`, {
    Bsn: randomBsn(),
    DepartmentId: department,
    Room: 'S.01',
    GpName: 'dr. Test',
    Allergies: [],
  });
  const product = await beheerder<{ Rows: { Id: number }[] }>(
    '/api/medication/catalogue?q=PARACETAMOL%20TABLET%20500MG',
  );
  const now = new Date();
  const time = new Intl.DateTimeFormat('nl-NL', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    minute: '2-digit',
  }).format(now);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(now);
  const agreement = await beheerder<{ Id: number }>('/api/medication/agreement', {
    PatientId: patient.Id,
    MedicationId: product.Rows[0]!.Id,
    Prescriber: 'dr. Test',
    Type: 'continuous',
    Start: '2025-01-01',
    Instructions: { DoseUnit: 'tablet', Moments: [{ Time: time, Dose: 1 }] },
    DistributionForm: 'gds',
  });
  const apotheker = await apiAs('apotheker');
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  const monday = new Date(Date.parse(`${date}T12:00:00Z`) - weekday * 86_400_000).toISOString().slice(0, 10);
  await apotheker('/api/baxter/rolls/generate', { WeekStart: monday });
  const rolls = (await apotheker<{ Rows: Roll[] }>(`/api/baxter/rolls?week=${monday}`)).Rows;
  const own = rolls.find((roll) => roll.Patient.Id === patient.Id)!;
  const other = rolls.find((roll) => roll.Patient.Id !== patient.Id)!;
  return {
    agreementId: agreement.Id,
    rightSachet: sachetCode(own.Id, patient.Id, date, time),
    otherClientSachet: sachetCode(other.Id, other.Patient.Id, date, time),
    otherClientName: other.Patient.Name,
  };
}
