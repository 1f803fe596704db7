import { type AgreementType, type Instructions, instructionsSchema } from '@zorgportaal/contract';

/** Prescription templates for the demo patients, by catalogue product name. */
export interface Regimen {
  product: string;
  type: AgreementType;
  form: 'gds' | 'loose';
  instructions: Instructions;
  reason: string;
}

const timed = (
  product: string,
  form: 'gds' | 'loose',
  unit: string,
  reason: string,
  moments: [string, number][],
  weekdays: number[] = [],
): Regimen => ({
  product,
  type: 'continuous',
  form,
  reason,
  instructions: instructionsSchema.parse({
    DoseUnit: unit,
    Moments: moments.map(([Time, Dose]) => ({ Time, Dose })),
    Weekdays: weekdays,
  }),
});

const asNeeded = (
  product: string,
  unit: string,
  criterion: string,
  max: number,
  reason: string,
): Regimen => ({
  product,
  type: 'as_needed',
  form: 'loose',
  reason,
  instructions: instructionsSchema.parse({
    DoseUnit: unit,
    AsNeededCriterion: criterion,
    AsNeededMaxPerDay: max,
    AsNeededDose: 1,
  }),
});

export const ROUTINE: Regimen[] = [
  timed('METFORMINE TABLET 500MG', 'gds', 'tablet', 'diabetes mellitus type 2', [
    ['08:00', 1],
    ['18:00', 1],
  ]),
  timed('AMLODIPINE TABLET 5MG', 'gds', 'tablet', 'hypertensie', [['08:00', 1]]),
  timed('METOPROLOL TABLET MGA 50MG', 'gds', 'tablet', 'atriumfibrilleren', [['08:00', 1]]),
  timed('OMEPRAZOL CAPSULE MSR 20MG', 'gds', 'capsule', 'maagbescherming', [['08:00', 1]]),
  timed('SIMVASTATINE TABLET 40MG', 'gds', 'tablet', 'hypercholesterolemie', [['20:00', 1]]),
  timed('FUROSEMIDE TABLET 40MG', 'gds', 'tablet', 'hartfalen', [['08:00', 1]]),
  timed('LEVOTHYROXINE TABLET 50UG', 'gds', 'tablet', 'hypothyreoïdie', [['07:30', 1]]),
  timed('MACROGOL/ELEKTROLYTEN POEDER 13,7G', 'loose', 'sachet', 'obstipatie', [['08:00', 1]]),
  timed('COLECALCIFEROL CAPSULE 800IE', 'gds', 'capsule', 'vitamine D-suppletie', [['08:00', 1]]),
  timed('TEMAZEPAM CAPSULE 10MG', 'loose', 'capsule', 'slapeloosheid', [['22:00', 1]]),
  timed('CITALOPRAM TABLET 20MG', 'gds', 'tablet', 'depressie', [['08:00', 1]]),
  timed('MIRTAZAPINE TABLET 15MG', 'gds', 'tablet', 'depressie', [['20:00', 1]]),
  timed('PARACETAMOL TABLET 1000MG', 'gds', 'tablet', 'artrose', [
    ['08:00', 1],
    ['14:00', 1],
    ['20:00', 1],
  ]),
  timed('LEVODOPA/CARBIDOPA TABLET 100/25MG', 'gds', 'tablet', 'ziekte van Parkinson', [
    ['07:00', 1],
    ['11:00', 1],
    ['15:00', 1],
    ['19:00', 1],
  ]),
  timed('CALCIUMCARBONAAT/COLECALCIFEROL KAUWTABLET 1,25G/800IE', 'gds', 'kauwtablet', 'osteoporose', [
    ['18:00', 1],
  ]),
];

export const AS_NEEDED: Regimen[] = [
  asNeeded('PARACETAMOL TABLET 500MG', 'tablet', 'bij pijn of koorts', 4, 'pijn'),
  asNeeded('OXAZEPAM TABLET 10MG', 'tablet', 'bij onrust', 2, 'onrust'),
  asNeeded('HALOPERIDOL TABLET 1MG', 'tablet', 'bij delier', 2, 'delier'),
];

/** Risk-category products: each registration needs a double check by a second user. */
export const RISK: Regimen[] = [
  timed('INSULINE GLARGINE INJECTIEVLOEISTOF 100E/ML', 'loose', 'eenheden', 'diabetes mellitus', [
    ['22:00', 12],
  ]),
  timed('ACENOCOUMAROL TABLET 1MG', 'loose', 'tablet', 'atriumfibrilleren (trombosedienst)', [['18:00', 2]]),
  timed('OXYCODON TABLET MGA 10MG', 'loose', 'tablet', 'chronische pijn', [
    ['08:00', 1],
    ['20:00', 1],
  ]),
  timed('INSULINE ASPART INJECTIEVLOEISTOF 100E/ML', 'loose', 'eenheden', 'diabetes mellitus', [
    ['08:00', 6],
    ['12:00', 4],
    ['18:00', 6],
  ]),
  timed('METHOTREXAAT TABLET 2,5MG', 'loose', 'tablet', 'reumatoïde artritis', [['08:00', 4]], [1]),
];

/** The coumarins the trombosis service doses, each on the evening round (the scheme sets the tablets). */
export const COUMARIN_REGIMENS = {
  acenocoumarol: RISK[1]!,
  fenprocoumon: timed('FENPROCOUMON TABLET 3MG', 'loose', 'tablet', 'atriumfibrilleren (trombosedienst)', [
    ['18:00', 1],
  ]),
};

/** A valid BSN (elfproef) for demo patient n: eight digits from n, the ninth makes the sum fit. */
export function demoBsn(n: number): string {
  for (let k = n * 37 + 1000; ; k++) {
    const head = String(10_000_000 + ((k * 7919) % 89_999_999)).slice(0, 8);
    let sum = 0;
    for (let i = 0; i < 8; i++) sum += Number(head[i]) * (9 - i);
    const check = sum % 11;
    if (check < 10) return head + String(check);
  }
}

/** mulberry32: a tiny deterministic PRNG, so the demo world is the same on every start. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
