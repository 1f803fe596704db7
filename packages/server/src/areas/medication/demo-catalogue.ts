import { gs1CheckDigit, type RiskCategory } from '@zorgportaal/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { medications } from './tables.ts';

type Row = [
  name: string,
  substance: string,
  atc: string,
  strength: number,
  unit: string,
  form: string,
  route: string,
  risks: RiskCategory[],
  gds: boolean,
  divisible: 'none' | 'half' | 'quarter',
];

/**
 * ~65 common products of Dutch care centres. GDS suitability follows practice: whole solid oral
 * forms go on the roll; liquids, injections, patches, coumarins (dose varies per INR) and opioids
 * (Opiumwet, kept apart) do not. No HPK codes: we do not invent G-Standaard numbers.
 * One product per line reads like the table it is, hence no formatting.
 */
// prettier-ignore
const CATALOGUE: Row[] = [
  ['PARACETAMOL TABLET 500MG', 'paracetamol', 'N02BE01', 500, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['PARACETAMOL TABLET 1000MG', 'paracetamol', 'N02BE01', 1000, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['PARACETAMOL ZETPIL 1000MG', 'paracetamol', 'N02BE01', 1000, 'mg', 'zetpil', 'rectaal', [], false, 'none'],
  ['IBUPROFEN TABLET 400MG', 'ibuprofen', 'M01AE01', 400, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['NAPROXEN TABLET 250MG', 'naproxen', 'M01AE02', 250, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['DICLOFENAC TABLET MSR 50MG', 'diclofenac', 'M01AB05', 50, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['OXYCODON CAPSULE 5MG', 'oxycodon', 'N02AA05', 5, 'mg', 'capsule', 'oraal', ['opiaat'], false, 'none'],
  ['OXYCODON TABLET MGA 10MG', 'oxycodon', 'N02AA05', 10, 'mg', 'tablet', 'oraal', ['opiaat'], false, 'none'],
  ['MORFINE INJECTIEVLOEISTOF 10MG/ML', 'morfine', 'N02AA01', 10, 'mg/ml', 'injectievloeistof', 'subcutaan', ['opiaat', 'injectie'], false, 'none'],
  ['FENTANYL PLEISTER 25UG/UUR', 'fentanyl', 'N02AB03', 25, 'ug/uur', 'pleister', 'transdermaal', ['opiaat'], false, 'none'],
  ['TRAMADOL CAPSULE 50MG', 'tramadol', 'N02AX02', 50, 'mg', 'capsule', 'oraal', ['opiaat'], false, 'none'],
  ['ACENOCOUMAROL TABLET 1MG', 'acenocoumarol', 'B01AA07', 1, 'mg', 'tablet', 'oraal', ['coumarine'], false, 'half'],
  ['FENPROCOUMON TABLET 3MG', 'fenprocoumon', 'B01AA04', 3, 'mg', 'tablet', 'oraal', ['coumarine'], false, 'half'],
  ['APIXABAN TABLET 5MG', 'apixaban', 'B01AF02', 5, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['RIVAROXABAN TABLET 20MG', 'rivaroxaban', 'B01AF01', 20, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['CLOPIDOGREL TABLET 75MG', 'clopidogrel', 'B01AC04', 75, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['ACETYLSALICYLZUUR TABLET 80MG', 'acetylsalicylzuur', 'B01AC06', 80, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['CARBASALAATCALCIUM BRUISPOEDER 100MG', 'carbasalaatcalcium', 'B01AC08', 100, 'mg', 'bruispoeder', 'oraal', [], false, 'none'],
  ['NADROPARINE INJECTIEVLOEISTOF 9500IE/ML', 'nadroparine', 'B01AB06', 9500, 'IE/ml', 'injectievloeistof', 'subcutaan', ['injectie'], false, 'none'],
  ['INSULINE ASPART INJECTIEVLOEISTOF 100E/ML', 'insuline aspart', 'A10AB05', 100, 'E/ml', 'injectievloeistof', 'subcutaan', ['insuline', 'injectie'], false, 'none'],
  ['INSULINE GLARGINE INJECTIEVLOEISTOF 100E/ML', 'insuline glargine', 'A10AE04', 100, 'E/ml', 'injectievloeistof', 'subcutaan', ['insuline', 'injectie'], false, 'none'],
  ['METFORMINE TABLET 500MG', 'metformine', 'A10BA02', 500, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['METFORMINE TABLET 850MG', 'metformine', 'A10BA02', 850, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['GLICLAZIDE TABLET 80MG', 'gliclazide', 'A10BB09', 80, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['METOPROLOL TABLET MGA 50MG', 'metoprolol', 'C07AB02', 50, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['BISOPROLOL TABLET 5MG', 'bisoprolol', 'C07AB07', 5, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['AMLODIPINE TABLET 5MG', 'amlodipine', 'C08CA01', 5, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['LISINOPRIL TABLET 10MG', 'lisinopril', 'C09AA03', 10, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['ENALAPRIL TABLET 10MG', 'enalapril', 'C09AA02', 10, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['LOSARTAN TABLET 50MG', 'losartan', 'C09CA01', 50, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['HYDROCHLOORTHIAZIDE TABLET 12,5MG', 'hydrochloorthiazide', 'C03AA03', 12.5, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['FUROSEMIDE TABLET 40MG', 'furosemide', 'C03CA01', 40, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['SPIRONOLACTON TABLET 25MG', 'spironolacton', 'C03DA01', 25, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['SIMVASTATINE TABLET 40MG', 'simvastatine', 'C10AA01', 40, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['ATORVASTATINE TABLET 20MG', 'atorvastatine', 'C10AA05', 20, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['DIGOXINE TABLET 0,125MG', 'digoxine', 'C01AA05', 0.125, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['OMEPRAZOL CAPSULE MSR 20MG', 'omeprazol', 'A02BC01', 20, 'mg', 'capsule', 'oraal', [], true, 'none'],
  ['PANTOPRAZOL TABLET MSR 40MG', 'pantoprazol', 'A02BC02', 40, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['MACROGOL/ELEKTROLYTEN POEDER 13,7G', 'macrogol', 'A06AD65', 13.7, 'g', 'poeder voor drank', 'oraal', [], false, 'none'],
  ['LACTULOSE STROOP 670MG/ML', 'lactulose', 'A06AD11', 670, 'mg/ml', 'stroop', 'oraal', [], false, 'none'],
  ['BISACODYL TABLET MSR 5MG', 'bisacodyl', 'A06AB02', 5, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['LEVOTHYROXINE TABLET 50UG', 'levothyroxine', 'H03AA01', 50, 'ug', 'tablet', 'oraal', [], true, 'half'],
  ['PREDNISOLON TABLET 5MG', 'prednisolon', 'H02AB06', 5, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['COLECALCIFEROL CAPSULE 800IE', 'colecalciferol', 'A11CC05', 800, 'IE', 'capsule', 'oraal', [], true, 'none'],
  ['CALCIUMCARBONAAT/COLECALCIFEROL KAUWTABLET 1,25G/800IE', 'calciumcarbonaat/colecalciferol', 'A12AX', 1.25, 'g', 'kauwtablet', 'oraal', [], true, 'none'],
  ['FOLIUMZUUR TABLET 0,5MG', 'foliumzuur', 'B03BB01', 0.5, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['FERROFUMARAAT TABLET 200MG', 'ferrofumaraat', 'B03AA02', 200, 'mg', 'tablet', 'oraal', [], true, 'none'],
  ['OXAZEPAM TABLET 10MG', 'oxazepam', 'N05BA04', 10, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['LORAZEPAM TABLET 1MG', 'lorazepam', 'N05BA06', 1, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['TEMAZEPAM CAPSULE 10MG', 'temazepam', 'N05CD07', 10, 'mg', 'capsule', 'oraal', [], true, 'none'],
  ['ZOLPIDEM TABLET 10MG', 'zolpidem', 'N05CF02', 10, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['HALOPERIDOL TABLET 1MG', 'haloperidol', 'N05AD01', 1, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['QUETIAPINE TABLET 25MG', 'quetiapine', 'N05AH04', 25, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['CITALOPRAM TABLET 20MG', 'citalopram', 'N06AB04', 20, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['SERTRALINE TABLET 50MG', 'sertraline', 'N06AB06', 50, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['MIRTAZAPINE TABLET 15MG', 'mirtazapine', 'N06AX11', 15, 'mg', 'tablet', 'oraal', [], true, 'half'],
  ['RIVASTIGMINE PLEISTER 4,6MG/24UUR', 'rivastigmine', 'N06DA03', 4.6, 'mg/24uur', 'pleister', 'transdermaal', [], false, 'none'],
  ['LEVODOPA/CARBIDOPA TABLET 100/25MG', 'levodopa/carbidopa', 'N04BA02', 100, 'mg', 'tablet', 'oraal', [], true, 'quarter'],
  ['TAMSULOSINE CAPSULE MGA 0,4MG', 'tamsulosine', 'G04CA02', 0.4, 'mg', 'capsule', 'oraal', [], true, 'none'],
  ['SALBUTAMOL INHALATIEAEROSOL 100UG/DOSIS', 'salbutamol', 'R03AC02', 100, 'ug/dosis', 'inhalatieaerosol', 'inhalatie', [], false, 'none'],
  ['TIOTROPIUM INHALATIEPOEDER 18UG', 'tiotropium', 'R03BB04', 18, 'ug', 'inhalatiepoeder', 'inhalatie', [], false, 'none'],
  ['METHOTREXAAT TABLET 2,5MG', 'methotrexaat', 'L04AX03', 2.5, 'mg', 'tablet', 'oraal', ['cytostaticum'], false, 'none'],
  ['CAPECITABINE TABLET 500MG', 'capecitabine', 'L01BC06', 500, 'mg', 'tablet', 'oraal', ['cytostaticum'], false, 'none'],
  ['AMOXICILLINE CAPSULE 500MG', 'amoxicilline', 'J01CA04', 500, 'mg', 'capsule', 'oraal', [], true, 'none'],
  ['NITROFURANTOINE CAPSULE MGA 100MG', 'nitrofurantoine', 'J01XE01', 100, 'mg', 'capsule', 'oraal', [], true, 'none'],
  ['TIMOLOL OOGDRUPPELS 5MG/ML', 'timolol', 'S01ED01', 5, 'mg/ml', 'oogdruppels', 'oculair', [], false, 'none'],
  ['HYDROCORTISON CREME 10MG/G', 'hydrocortison', 'D07AA02', 10, 'mg/g', 'crème', 'cutaan', [], false, 'none'],
];

export const CATALOGUE_SIZE = CATALOGUE.length;

/**
 * The demo GTIN-14 of the catalogue's n-th product (from 0): GS1 prefix 2 (restricted circulation, never a
 * real trade item, so no real pack is claimed) with a valid check digit; a scan of it finds the product.
 */
export function demoGtin(index: number): string {
  const body = `0287000${String(index + 1).padStart(6, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** The demo GTIN of a catalogue product by name (tests and the demo labels). */
export const catalogueGtin = (name: string): string => {
  const index = CATALOGUE.findIndex(([product]) => product === name);
  if (index < 0) throw new Error(`not in the catalogue: ${name}`);
  return demoGtin(index);
};

/**
 * Adds the catalogue products that are missing (by name) and gives a product without a GTIN its demo one;
 * every installation needs them.
 */
export async function seedMedicationCatalogue(db: Db | Tx): Promise<void> {
  await db
    .insert(medications)
    .values(
      CATALOGUE.map(
        (
          [
            name,
            substance,
            atc,
            strengthValue,
            strengthUnit,
            form,
            route,
            riskCategories,
            gdsSuitable,
            divisible,
          ],
          index,
        ) => ({
          name,
          substance,
          atc,
          strengthValue,
          strengthUnit,
          form,
          route,
          riskCategories,
          gdsSuitable,
          divisible,
          gtin: demoGtin(index),
        }),
      ),
    )
    .onConflictDoUpdate({
      target: medications.name,
      set: { gtin: sql`excluded.gtin` },
      where: sql`${medications.gtin} is null`,
    });
}
