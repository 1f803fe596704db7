import type { AccessRow } from '@zorgportaal/contract';
import PDFDocument from 'pdfkit';
import {
  ACCESS_FAILED_TEXT,
  type AccessHeader,
  accessCells,
  accessHeadings,
  dutchDate,
  periodText,
} from './access-document.ts';

/**
 * The overview "Wie heeft dit dossier ingezien" as a PDF (pdfkit, A4), for the client: a heading, what the
 * overview is in plain words, then one line per access with the headings repeated on every page. Written
 * page by page while the rows come in, so a long history never sits in memory as a whole.
 */

const MARGIN = 50;
const PAGE = { width: 595.28, height: 841.89 };
const BOTTOM = PAGE.height - MARGIN - 20;
const TEXT_WIDTH = PAGE.width - 2 * MARGIN;
const CELL_PAD = 3;
const FONT_SIZE = 9;

/** Column widths (points) for the headings of accessHeadings, without and with the staff column. */
const COLUMNS = {
  hidden: [56, 32, 105, 90, 212],
  shown: [56, 32, 90, 72, 80, 165],
};

/**
 * The standard PDF fonts know only the Windows-1252 characters (all of Dutch and most of Western Europe).
 * Other letters lose their accent (ş → s) or become "?", instead of printing as something else.
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function winAnsi(text: string): string {
  const fits = (char: string) => {
    const code = char.codePointAt(0)!;
    return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(char);
  };
  return [...text]
    .map((char) => {
      if (fits(char)) return char;
      if (char === '\n' || char === '\t') return ' ';
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      return base.length > 0 && [...base].every(fits) ? base : '?';
    })
    .join('');
}

/** Writes the overview into a PDF stream: `pages` yields the rows page by page (newest first). */
export function accessPdf(
  header: AccessHeader,
  pages: AsyncIterable<AccessRow[]>,
  onError: (err: unknown) => void,
): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: winAnsi(`Wie heeft dit dossier ingezien - ${header.clientName}`),
      Author: winAnsi(header.careCentre),
      Creator: 'Zorgportaal',
    },
  });
  const widths = header.staffNames ? COLUMNS.shown : COLUMNS.hidden;
  let pageNumber = 1;

  const footer = () => {
    // Below the bottom margin: without lifting it for this line, pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555555')
      .text(
        winAnsi(`${header.careCentre} - inzageoverzicht ${header.clientName} - pagina ${pageNumber}`),
        MARGIN,
        PAGE.height - MARGIN,
        { width: TEXT_WIDTH, align: 'center', lineBreak: false },
      )
      .fillColor('black');
    doc.page.margins.bottom = bottom;
  };

  const line = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
    const texts = cells.map(winAnsi);
    const height =
      Math.max(...texts.map((text, i) => doc.heightOfString(text, { width: widths[i]! - 2 * CELL_PAD }))) +
      2 * CELL_PAD;
    return { texts, height };
  };

  const drawLine = (cells: string[], bold: boolean) => {
    const { texts, height } = line(cells, bold);
    let y = doc.y;
    if (y + height > BOTTOM) {
      footer();
      doc.addPage();
      pageNumber++;
      y = MARGIN;
      if (!bold) y = drawHeadings(y);
    }
    let x = MARGIN;
    texts.forEach((text, i) => {
      doc.text(text, x + CELL_PAD, y + CELL_PAD, { width: widths[i]! - 2 * CELL_PAD });
      x += widths[i]!;
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + TEXT_WIDTH, y + height)
      .lineWidth(bold ? 1 : 0.3)
      .strokeColor(bold ? '#333333' : '#bbbbbb')
      .stroke();
    doc.x = MARGIN;
    doc.y = y + height;
    return doc.y;
  };

  const drawHeadings = (y: number) => {
    doc.y = y;
    return drawLine(accessHeadings(header.staffNames), true);
  };

  // The heading and the explanation, in plain words for the client.
  doc.font('Helvetica-Bold').fontSize(16).text(winAnsi('Wie heeft uw dossier ingezien?'));
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const born = header.dateOfBirth ? `, geboren op ${dutchDate(header.dateOfBirth)}` : '';
  doc.text(winAnsi(`Overzicht voor ${header.clientName}${born}.`));
  doc.text(winAnsi(`Opgesteld door ${header.careCentre} op ${dutchDate(header.madeOn)}.`));
  doc.text(winAnsi(`Periode: ${periodText(header)}.`));
  doc.moveDown(0.5);
  doc.text(
    winAnsi(
      'Hierin staat wie uw gegevens in het Zorgportaal heeft bekeken, gewijzigd of afgedrukt: de datum en de ' +
        'tijd (Nederlandse tijd), de organisatie, de rol van de medewerker en wat er is gebeurd. ' +
        (header.staffNames
          ? `Medewerkers van ${header.careCentre} staan er met hun naam in; van andere organisaties staan de organisatie en de rol vermeld.`
          : 'Namen van medewerkers staan er niet in, wel de organisatie en de rol.') +
        ` Heeft u een vraag over een regel? Neem dan contact op met ${header.careCentre}.`,
    ),
    { width: TEXT_WIDTH },
  );
  doc.moveDown(1);
  drawHeadings(doc.y);

  void (async () => {
    let count = 0;
    try {
      for await (const rows of pages) {
        for (const row of rows) drawLine(accessCells(row, header.staffNames), false);
        count += rows.length;
      }
      doc.moveDown(1).font('Helvetica').fontSize(10);
      doc.text(
        winAnsi(
          count === 0
            ? 'In deze periode is geen inzage in uw dossier vastgelegd.'
            : `Einde van het overzicht: ${count} ${count === 1 ? 'regel' : 'regels'}.`,
        ),
        MARGIN,
        doc.y,
        { width: TEXT_WIDTH },
      );
      footer();
      doc.end();
    } catch (err) {
      onError(err);
      doc.moveDown(1).font('Helvetica-Bold').fontSize(10).text(ACCESS_FAILED_TEXT, MARGIN, doc.y);
      footer();
      // No proper end: the transfer breaks off, so neither the file nor the download looks complete.
      doc.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return doc;
}
