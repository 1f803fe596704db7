import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { personNameSql } from '../persons/public.ts';
import { accounts, persons } from './tables.ts';
import { entities } from '../../platform/db/schema/organisations.ts';
import { demoPdf } from './demo-pdf.ts';
import { documentFileChunks, documentFiles, documents, documentVersions } from './schema.ts';

type Category = 'protocol' | 'handleiding' | 'formulier' | 'overig';

interface DemoDocument {
  entity: string;
  uploader: string;
  title: string;
  category: Category;
  shared?: boolean;
  /** One entry per version, oldest first: the lines of its text. */
  versions: string[][];
}

const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    entity: 'Apotheek De Linde',
    uploader: 'apotheker',
    title: 'Werkinstructie Baxterrollen uitzetten',
    category: 'handleiding',
    shared: true,
    versions: [['Controleer naam en geboortedatum op elk zakje.', 'Leg de rol per innamemoment klaar.']],
  },
  {
    entity: 'Apotheek De Linde',
    uploader: 'apotheker',
    title: 'Protocol medicatieverificatie bij opname',
    category: 'protocol',
    shared: true,
    versions: [
      ['Vraag het actuele medicatieoverzicht op bij de apotheek.', 'Vergelijk met wat de cliënt meeneemt.'],
    ],
  },
  {
    entity: 'Apotheek De Linde',
    uploader: 'apotheker',
    title: 'Interne afspraken weekendbezorging',
    category: 'overig',
    versions: [['Alleen voor medewerkers van de apotheek.']],
  },
  {
    entity: 'Zorgcentrum De Berk',
    uploader: 'beheerder',
    title: 'Protocol valpreventie',
    category: 'protocol',
    versions: [
      ['Beoordeel het valrisico bij opname.'],
      [
        'Beoordeel het valrisico bij opname en na elke val.',
        'Bespreek valrisicoverhogende medicatie met de arts.',
      ],
    ],
  },
  {
    entity: 'Zorgcentrum De Berk',
    uploader: 'beheerder',
    title: 'Formulier melding incident cliënt (MIC)',
    category: 'formulier',
    versions: [['Datum en tijd:', 'Wat is er gebeurd:', 'Genomen maatregelen:']],
  },
  {
    entity: 'Zorgcentrum Het Anker',
    uploader: 'anker',
    title: 'Handleiding toedienregistratie',
    category: 'handleiding',
    versions: [['Registreer elke toediening direct na het geven.', 'Bij risicomedicatie: dubbele controle.']],
  },
  // What each partner shares with the organisations it works with in the care network.
  {
    entity: 'Zorgcentrum De Berk',
    uploader: 'beheerder',
    title: 'Bereikbaarheid afdelingen De Berk',
    category: 'overig',
    shared: true,
    versions: [['Eikenhof: 030 123 45 01 (dag), 030 123 45 09 (nacht).', 'Lindehof: 030 123 45 02.']],
  },
  {
    entity: 'Zorgcentrum Het Anker',
    uploader: 'anker',
    title: 'Bereikbaarheid Het Anker',
    category: 'overig',
    shared: true,
    versions: [['Wijk Haven en Afdeling Kompas: 033 765 43 21.']],
  },
  {
    entity: 'Huisartsenpraktijk Linde',
    uploader: 'praktijkbeheer',
    title: 'Afspraken medicatiebeoordeling met de huisarts',
    category: 'protocol',
    shared: true,
    versions: [
      [
        'Eens per jaar per cliënt, samen met de apotheker.',
        'Vragen vooraf via Communicatie aan de praktijk.',
      ],
    ],
  },
  {
    entity: 'Trombosedienst Midden',
    uploader: 'trombosebeheer',
    title: 'Werkinstructie INR-meting met vingerprik',
    category: 'handleiding',
    shared: true,
    versions: [['Handen wassen en warm maken.', 'Eerste druppel wegvegen, tweede druppel op de strip.']],
  },
  {
    entity: 'Trombosedienst Midden',
    uploader: 'trombosebeheer',
    title: 'Protocol kritieke INR-waarde',
    category: 'protocol',
    shared: true,
    versions: [
      [
        'Bij een INR boven 6,0 belt de trombosedienst de zorginstelling.',
        'Geef geen tabletten tot het nieuwe doseerschema er is; let op bloedingen.',
      ],
    ],
  },
  {
    entity: 'Trombosedienst Midden',
    uploader: 'trombosebeheer',
    title: 'Interne planning prikroutes',
    category: 'overig',
    versions: [['Alleen voor medewerkers van de trombosedienst.']],
  },
];

/** The demo world's documents: a few per organisation, one with two versions, some shared with the partners. */
export async function seedDemoDocuments(tx: Tx, now = new Date()): Promise<void> {
  for (const [i, demo] of DEMO_DOCUMENTS.entries()) {
    const [owner] = await tx.select({ id: entities.id }).from(entities).where(eq(entities.name, demo.entity));
    const [uploader] = await tx
      .select({ id: accounts.id, name: personNameSql(persons, accounts.username) })
      .from(accounts)
      .leftJoin(persons, eq(persons.id, accounts.personId))
      .where(eq(accounts.username, demo.uploader));
    if (!owner || !uploader) continue;
    const name = uploader.name ?? demo.uploader;
    const [doc] = await tx
      .insert(documents)
      .values({
        entityId: owner.id,
        title: demo.title,
        category: demo.category,
        shared: demo.shared ?? false,
        createdBy: uploader.id,
        createdAt: new Date(now.getTime() - (30 - i) * 86_400_000),
      })
      .returning({ id: documents.id });
    for (const [v, lines] of demo.versions.entries()) {
      const pdf = demoPdf(demo.title, lines);
      const [file] = await tx
        .insert(documentFiles)
        .values({
          entityId: owner.id,
          size: pdf.length,
          sha256: createHash('sha256').update(pdf).digest('hex'),
          complete: true,
        })
        .returning({ id: documentFiles.id });
      await tx.insert(documentFileChunks).values({ fileId: file!.id, seq: 0, data: pdf });
      await tx.insert(documentVersions).values({
        documentId: doc!.id,
        version: v + 1,
        fileId: file!.id,
        fileName: `${demo.title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')}.pdf`,
        contentType: 'application/pdf',
        size: pdf.length,
        uploadedBy: uploader.id,
        uploadedByName: name,
        uploadedAt: new Date(now.getTime() - (30 - i - v * 10) * 86_400_000),
      });
    }
  }
}
