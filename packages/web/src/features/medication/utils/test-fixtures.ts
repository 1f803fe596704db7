import type { Medication } from '@zorgportaal/contract';

/** The catalogue product the medication feature's screen tests prescribe. */
export const paracetamolTablet: Medication = {
  Id: 3,
  Name: 'Paracetamol 500 mg tablet',
  Substance: 'paracetamol',
  Atc: 'N02BE01',
  Hpk: null,
  Strength: { Value: 500, Unit: 'mg' },
  Form: 'tablet',
  Route: 'oraal',
  RiskCategories: [],
  GdsSuitable: true,
  Divisible: 'half',
};
