/**
 * One layout for every communication document (pdfkit, A4 portrait, standard Helvetica: WinAnsi covers French):
 * the centre's letterhead, the addressee, place and date, the title and reference, an introduction, blocks of
 * label/value lines, a table (residents, stays) and closing mentions; « Page i / N » at the bottom of each page.
 * Rendered to a Buffer in memory (a document is a few kilobytes) and stored with the communication.
 */
import PDFDocument from 'pdfkit';

export interface DocumentBlock {
  titre: string;
  lignes: [libelle: string, valeur: string][];
}

export interface DocumentTable {
  titre: string;
  colonnes: { titre: string; largeur: number }[];
  lignes: string[][];
}

export interface DocumentModel {
  /** « Confirmation de prise en charge »… (also the PDF's Title). */
  titre: string;
  /** « Demande n° 12 — réf. client SIAO-2026-0042 » */
  reference: string;
  /** Lines of the addressee block (name, address…). */
  destinataire: string[];
  /** « Le 21/11/2026 » */
  date: string;
  introduction: string;
  blocs: DocumentBlock[];
  tableau?: DocumentTable;
  mentions: string[];
}

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;
const BOTTOM = 841.89 - MARGIN - 20;
const CENTRE = ['EBAS3 — Centrale d’hébergement', 'Service des réservations'];

export function renderDocumentPdf(model: DocumentModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: true,
    bufferPages: true,
    info: { Title: model.titre, Author: 'EBAS3', Creator: 'EBAS3', Subject: model.reference },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const ensureRoom = (height: number) => {
    if (doc.y + height > BOTTOM) doc.addPage();
  };

  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#336dc4')
    .text(CENTRE[0] ?? '', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#444444')
    .text(CENTRE[1] ?? '');
  doc.moveDown(1.5);

  const addresseeTop = doc.y;
  doc.fillColor('black').font('Helvetica').fontSize(10);
  for (const line of model.destinataire) doc.text(line, MARGIN + WIDTH / 2, doc.y, { width: WIDTH / 2 });
  doc.text(model.date, MARGIN + WIDTH / 2, doc.y + 8, { width: WIDTH / 2 });
  doc.y = Math.max(doc.y, addresseeTop) + 20;

  doc.font('Helvetica-Bold').fontSize(15).text(model.titre, MARGIN, doc.y, { width: WIDTH });
  doc.font('Helvetica').fontSize(9).fillColor('#444444').text(model.reference, { width: WIDTH });
  doc
    .moveDown(1)
    .fillColor('black')
    .fontSize(10)
    .text(model.introduction, { width: WIDTH, align: 'justify' });
  doc.moveDown(0.8);

  for (const bloc of model.blocs) {
    ensureRoom(30 + bloc.lignes.length * 14);
    doc.font('Helvetica-Bold').fontSize(11).text(bloc.titre, MARGIN, doc.y, { width: WIDTH });
    doc.moveDown(0.3);
    for (const [libelle, valeur] of bloc.lignes) {
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(9.5).text(`${libelle} :`, MARGIN, y, { width: 150 });
      const afterLabel = doc.y;
      doc.font('Helvetica').text(valeur, MARGIN + 155, y, { width: WIDTH - 155 });
      doc.y = Math.max(doc.y, afterLabel);
    }
    doc.moveDown(0.8);
  }

  if (model.tableau !== undefined) {
    const table = model.tableau;
    const weights = table.colonnes.reduce((sum, column) => sum + column.largeur, 0);
    const widths = table.colonnes.map((column) => (column.largeur / weights) * WIDTH);
    const lefts = widths.map((_, index) => MARGIN + widths.slice(0, index).reduce((a, b) => a + b, 0));
    const header = () => {
      const y = doc.y;
      doc.rect(MARGIN, y, WIDTH, 16).fill('#dde3ea');
      doc.fillColor('black').font('Helvetica-Bold').fontSize(8.5);
      table.colonnes.forEach((column, index) =>
        doc.text(column.titre, (lefts[index] ?? MARGIN) + 3, y + 4, {
          width: (widths[index] ?? 0) - 6,
          lineBreak: false,
          ellipsis: true,
        }),
      );
      doc.y = y + 18;
    };
    ensureRoom(60);
    doc.font('Helvetica-Bold').fontSize(11).text(table.titre, MARGIN, doc.y, { width: WIDTH });
    doc.moveDown(0.3);
    header();
    doc.font('Helvetica').fontSize(8.5);
    table.lignes.forEach((ligne, rowIndex) => {
      if (doc.y + 14 > BOTTOM) {
        doc.addPage();
        header();
        doc.font('Helvetica').fontSize(8.5);
      }
      const y = doc.y;
      if (rowIndex % 2 === 1)
        doc
          .rect(MARGIN, y - 2, WIDTH, 14)
          .fill('#f3f5f7')
          .fillColor('black');
      ligne.forEach((value, index) =>
        doc.text(value, (lefts[index] ?? MARGIN) + 3, y, {
          width: (widths[index] ?? 0) - 6,
          lineBreak: false,
          ellipsis: true,
        }),
      );
      doc.y = y + 14;
    });
    if (table.lignes.length === 0) doc.text('—', MARGIN + 3, doc.y);
    doc.moveDown(1);
  }

  doc.font('Helvetica').fontSize(9).fillColor('#333333');
  for (const mention of model.mentions) {
    ensureRoom(24);
    doc.text(mention, MARGIN, doc.y, { width: WIDTH, align: 'justify' });
    doc.moveDown(0.4);
  }

  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    doc.font('Helvetica').fontSize(8).fillColor('#666666');
    const footer = `Page ${index + 1} / ${range.count}`;
    // Writing below the bottom margin would add a page: lift the margin while writing the footer.
    doc.page.margins.bottom = 0;
    doc.text(footer, MARGIN, 841.89 - MARGIN + 10, { width: WIDTH, align: 'right', lineBreak: false });
    doc.text(`${model.titre} — ${model.reference}`, MARGIN, 841.89 - MARGIN + 10, {
      width: WIDTH * 0.7,
      lineBreak: false,
      ellipsis: true,
    });
  }
  doc.end();
  return done;
}
