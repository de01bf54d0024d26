/**
 * The visible side of a Factur-X invoice or credit note: an A4 portrait PDF drawn with pdfkit (the engine of the
 * exports, export-pdf.ts), the French mandatory mentions on the first pages and the annex of stays after. PDF/A-3
 * wants every font embedded: the standard Helvetica of the exports is not, so the text is set in DejaVu Sans (an
 * npm package, subset-embedded by pdfkit). Amounts are the document's strings, reformatted, never computed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import type { FactureDocument } from 'shared/contract';
import { frenchDate } from '../days';
import { frenchMoney } from '../exports/export-pdf';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const RIGHT = PAGE.width - MARGIN;
const CONTENT_WIDTH = RIGHT - MARGIN;
const FOOTER_TOP = PAGE.height - MARGIN - 18;
const ROW_HEIGHT = 14;
const REGULAR = 'DejaVu';
const BOLD = 'DejaVu-Bold';

let fonts: { regular: Buffer; bold: Buffer } | undefined;
function fontFiles(): { regular: Buffer; bold: Buffer } {
  if (fonts === undefined) {
    const dir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fonts = {
      regular: readFileSync(join(dir, 'DejaVuSans.ttf')),
      bold: readFileSync(join(dir, 'DejaVuSans-Bold.ttf')),
    };
  }
  return fonts;
}

type Align = 'left' | 'right';
interface Column<R> {
  title: string;
  width: number;
  align: Align;
  value: (row: R) => string;
}

const quantity = (value: string) => value.replace('.', ',');
const rate = (value: string) => `${value.replace(/\.?0+$/, '').replace('.', ',')} %`;
const UNITS: Record<string, string> = { DAY: 'nuit', C62: 'unité' };

function addressLines(adresse: FactureDocument['vendeur']['adresse']): string[] {
  return [
    adresse.ligne1,
    ...(adresse.ligne2 ? [adresse.ligne2] : []),
    `${adresse.codePostal} ${adresse.ville}${adresse.pays === 'FR' ? '' : ` (${adresse.pays})`}`,
  ];
}

/** Lets the event loop run between two pages of a table: a long invoice is not drawn in one synchronous slice. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Renders the document's visible PDF (PDF 1.7, fonts embedded); the Factur-X attachment is added afterwards. */
export async function renderInvoicePdf(document: FactureDocument): Promise<Buffer> {
  const { regular, bold } = fontFiles();
  const issued = new Date(`${document.dateEmission}T00:00:00Z`);
  const avoir = document.type === 'avoir';
  const title = `${avoir ? 'Avoir' : 'Facture'} ${document.numero}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: true,
    pdfVersion: '1.7',
    bufferPages: true,
    autoFirstPage: false,
    lang: 'fr-FR',
    // No default font: pdfkit would load Helvetica (not embeddable in PDF/A) for every document and write it unused.
    font: '',
    info: { Title: title, Author: document.vendeur.raisonSociale, Creator: 'EBAS3', CreationDate: issued },
  });
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  /** `text` cut with « … » to fit `width` at the current font and size, with its width. */
  const fit = (text: string, width: number): [string, number] => {
    const full = doc.widthOfString(text);
    if (full <= width) return [text, full];
    let low = 0;
    let high = text.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (doc.widthOfString(`${text.slice(0, middle)}…`) <= width) low = middle;
      else high = middle - 1;
    }
    const shown = `${text.slice(0, low)}…`;
    return [shown, doc.widthOfString(shown)];
  };
  const write = (text: string, x: number, y: number, width: number, align: Align = 'left') => {
    const [shown, shownWidth] = fit(text, width);
    doc.text(shown, align === 'right' ? x + width - shownWidth : x, y, { lineBreak: false });
  };

  let y = 0;
  const newPage = () => {
    doc.addPage({ size: 'A4', margin: MARGIN });
    y = MARGIN;
  };

  /** A table whose header is repeated on every page it runs over; other work may run between its pages. */
  const table = async <R>(columns: Column<R>[], rows: R[], fontSize: number) => {
    const header = () => {
      doc.rect(MARGIN, y, CONTENT_WIDTH, ROW_HEIGHT + 2).fill('#e8ecf2');
      doc.fillColor('black').font(BOLD).fontSize(fontSize);
      let x = MARGIN;
      for (const column of columns) {
        write(column.title, x + 3, y + 4, column.width - 6, column.align);
        x += column.width;
      }
      y += ROW_HEIGHT + 4;
      doc.font(REGULAR).fontSize(fontSize);
    };
    header();
    for (const row of rows) {
      if (y + ROW_HEIGHT > FOOTER_TOP - 6) {
        await breathe();
        newPage();
        header();
      }
      let x = MARGIN;
      for (const column of columns) {
        write(column.value(row), x + 3, y + 2, column.width - 6, column.align);
        x += column.width;
      }
      doc
        .moveTo(MARGIN, y + ROW_HEIGHT)
        .lineTo(RIGHT, y + ROW_HEIGHT)
        .lineWidth(0.3)
        .strokeColor('#c8ced8')
        .stroke();
      y += ROW_HEIGHT;
    }
  };

  /** Keeps `height` points together on one page. */
  const room = (height: number) => {
    if (y + height > FOOTER_TOP - 6) newPage();
  };

  newPage();
  // Seller (left) and the document's identity (right).
  const { vendeur, acheteur } = document;
  doc.font(BOLD).fontSize(13).text(vendeur.raisonSociale, MARGIN, y, { width: 270 });
  doc.font(REGULAR).fontSize(8.5);
  const sellerLines = [
    ...addressLines(vendeur.adresse),
    `SIREN ${vendeur.siren} — SIRET ${vendeur.siret}`,
    `N° TVA intracommunautaire ${vendeur.numeroTva}`,
    ...(vendeur.formeJuridique ? [vendeur.formeJuridique] : []),
    ...(vendeur.telephone ? [`Tél. ${vendeur.telephone}`] : []),
    ...(vendeur.email ? [vendeur.email] : []),
  ];
  let sellerY = doc.y + 2;
  for (const text of sellerLines) {
    write(text, MARGIN, sellerY, 270);
    sellerY += 11;
  }

  doc.font(BOLD).fontSize(18);
  write(avoir ? 'AVOIR' : 'FACTURE', 320, y, CONTENT_WIDTH - 280, 'right');
  doc.font(REGULAR).fontSize(9);
  const identity = [
    `N° ${document.numero}`,
    `Date d'émission : ${frenchDate(document.dateEmission)}`,
    ...(avoir ? [] : [`Date d'échéance : ${frenchDate(document.dateEcheance)}`]),
    `Période : du ${frenchDate(document.periode.debut)} au ${frenchDate(document.periode.fin)}`,
    ...(document.factureReference
      ? [
          `Avoir sur la facture ${document.factureReference.numero} du ${frenchDate(document.factureReference.dateEmission)}`,
        ]
      : []),
  ];
  let identityY = y + 26;
  for (const text of identity) {
    write(text, 300, identityY, RIGHT - 300, 'right');
    identityY += 12;
  }

  // Buyer, framed on the right as a window envelope reads it.
  const buyerTop = Math.max(sellerY, identityY) + 12;
  const buyerLines = [
    ...addressLines(acheteur.adresse),
    ...(acheteur.siret ? [`SIRET ${acheteur.siret}`] : []),
    ...(acheteur.numeroTva ? [`N° TVA ${acheteur.numeroTva}`] : []),
    ...(acheteur.reference ? [`Votre référence : ${acheteur.reference}`] : []),
  ];
  const buyerHeight = 30 + buyerLines.length * 11;
  doc
    .rect(300, buyerTop, RIGHT - 300, buyerHeight)
    .lineWidth(0.6)
    .strokeColor('#8a94a6')
    .stroke();
  doc.fillColor('#555').font(REGULAR).fontSize(7.5);
  write(avoir ? 'Client' : 'Facturé à', 308, buyerTop + 5, RIGHT - 316);
  doc.fillColor('black').font(BOLD).fontSize(10);
  write(acheteur.raisonSociale, 308, buyerTop + 15, RIGHT - 316);
  doc.font(REGULAR).fontSize(8.5);
  buyerLines.forEach((text, index) => write(text, 308, buyerTop + 29 + index * 11, RIGHT - 316));
  y = buyerTop + buyerHeight + 18;

  // Lines.
  const lineColumns: Column<FactureDocument['lignes'][number]>[] = [
    { title: 'N°', width: 26, align: 'right', value: (l) => String(l.numero) },
    {
      title: 'Désignation',
      width: 221,
      align: 'left',
      value: (l) =>
        l.periode
          ? `${l.libelle} (${frenchDate(l.periode.debut)} – ${frenchDate(l.periode.fin)})`
          : l.libelle,
    },
    { title: 'Qté', width: 40, align: 'right', value: (l) => quantity(l.quantite) },
    { title: 'Unité', width: 38, align: 'left', value: (l) => UNITS[l.unite] ?? l.unite },
    { title: 'P.U. HT', width: 62, align: 'right', value: (l) => frenchMoney(l.prixUnitaireHt) },
    { title: 'TVA', width: 44, align: 'right', value: (l) => rate(l.tauxTva) },
    {
      title: 'Montant HT',
      width: CONTENT_WIDTH - 431,
      align: 'right',
      value: (l) => frenchMoney(l.montantHt),
    },
  ];
  await table(lineColumns, document.lignes, 8);

  // VAT per rate (left) and totals (right), kept together.
  const totals: [string, string, boolean][] = [
    ['Total HT', document.totaux.totalHt, false],
    ['Total TVA', document.totaux.totalTva, false],
    ['Total TTC', document.totaux.totalTtc, true],
    ...(document.totaux.dejaPaye === '0.00'
      ? []
      : ([['Déjà payé', document.totaux.dejaPaye, false]] as [string, string, boolean][])),
    [avoir ? 'Montant de l’avoir' : 'Net à payer', document.totaux.netAPayer, true],
  ];
  const blockHeight = Math.max(document.tva.length + 1, totals.length) * ROW_HEIGHT + 20;
  y += 10;
  room(blockHeight);
  const vatTop = y;
  doc.font(BOLD).fontSize(8);
  write('Taux TVA', MARGIN, vatTop, 60);
  write('Base HT', MARGIN + 60, vatTop, 80, 'right');
  write('Montant TVA', MARGIN + 140, vatTop, 80, 'right');
  doc.font(REGULAR);
  document.tva.forEach((tva, index) => {
    const rowY = vatTop + (index + 1) * ROW_HEIGHT;
    write(
      tva.categorieTva === 'S' ? rate(tva.tauxTva) : `${rate(tva.tauxTva)} (${tva.categorieTva})`,
      MARGIN,
      rowY,
      60,
    );
    write(frenchMoney(tva.baseHt), MARGIN + 60, rowY, 80, 'right');
    write(frenchMoney(tva.montantTva), MARGIN + 140, rowY, 80, 'right');
  });
  totals.forEach(([label, amount, strong], index) => {
    const rowY = vatTop + index * ROW_HEIGHT;
    doc.font(strong ? BOLD : REGULAR).fontSize(strong ? 9.5 : 9);
    write(label, 340, rowY, 110);
    write(`${frenchMoney(amount)} €`, 450, rowY, RIGHT - 450, 'right');
  });
  y = vatTop + blockHeight;

  // Payment terms and legal mentions.
  // A motif may be both the VAT breakdown's and a document mention: printed once.
  const mentions = new Set([
    ...(avoir ? [] : [`Conditions de paiement : ${document.conditionsPaiement}`]),
    ...(avoir ? [] : [`Date d'échéance : ${frenchDate(document.dateEcheance)}`]),
    ...(vendeur.iban ? [`IBAN ${vendeur.iban}${vendeur.bic ? ` — BIC ${vendeur.bic}` : ''}`] : []),
    document.penalitesRetard,
    document.indemniteRecouvrement,
    ...document.tva.flatMap((tva) => (tva.motifExoneration ? [tva.motifExoneration] : [])),
    ...document.mentions,
  ]);
  doc.font(REGULAR).fontSize(8);
  for (const text of mentions) {
    const height = doc.heightOfString(text, { width: CONTENT_WIDTH });
    room(height + 4);
    doc.text(text, MARGIN, y, { width: CONTENT_WIDTH });
    y += height + 4;
  }

  // The annex of stays, on its own pages.
  if (document.annexe.length > 0) {
    newPage();
    doc.font(BOLD).fontSize(12).text(`Annexe — détail des séjours (${document.numero})`, MARGIN, y);
    y += 24;
    await table<FactureDocument['annexe'][number]>(
      [
        { title: 'Dossier', width: 48, align: 'right', value: (s) => String(s.reservationId) },
        { title: 'Résident', width: 130, align: 'left', value: (s) => s.pensionnaire },
        { title: 'Établissement', width: 130, align: 'left', value: (s) => s.etablissement },
        { title: 'Du', width: 56, align: 'left', value: (s) => frenchDate(s.dateDebut) },
        { title: 'Au', width: 56, align: 'left', value: (s) => frenchDate(s.dateFin) },
        { title: 'Nuits', width: 34, align: 'right', value: (s) => String(s.nuits) },
        {
          title: 'Montant HT',
          width: CONTENT_WIDTH - 454,
          align: 'right',
          value: (s) => frenchMoney(s.montantHt),
        },
      ],
      document.annexe,
      7.5,
    );
  }

  // Footer of every page: who issued it, which document, which page.
  const range = doc.bufferedPageRange();
  const legal = `${vendeur.raisonSociale} — SIRET ${vendeur.siret} — TVA ${vendeur.numeroTva}`;
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    doc.font(REGULAR).fontSize(7).fillColor('#555');
    write(legal, MARGIN, FOOTER_TOP + 6, CONTENT_WIDTH - 150);
    write(`${title} — page ${index + 1} / ${range.count}`, RIGHT - 150, FOOTER_TOP + 6, 150, 'right');
  }
  doc.end();
  return done;
}
