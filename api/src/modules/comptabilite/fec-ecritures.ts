/**
 * The entries of the accounting export (docs/invoicing.md « Accounting export (FEC) »), read for a period (both days
 * included) and written as the 18 columns of the FEC: the sales journal (VT) from issued invoices and credit notes,
 * the bank journal (BQ) from payments not cancelled, the purchases journal (HA) from reconciled hotel invoices.
 * Accounts from COMPTES. Every entry balances by construction (TTC = HT + TVA, per rate on the document); the tests
 * check it on the file.
 */
import { sql } from 'drizzle-orm';
import {
  COMPTABILITE_MESSAGES,
  COMPTES,
  FEC_MAX_JOURS,
  JOURNAUX,
  MOYEN_PAIEMENT_LABELS,
  type FecColonne,
  type FecQuery,
  type JournalCode,
  type MoyenPaiement,
} from 'shared/contract';
import type { DocumentTva } from 'shared/contract/facture-document';
import type { Executor } from '../../db/client';
import { oneOf, rowsOf } from '../../db/raw';
import { parisDayOf } from '../../db/today';
import { BadRequestError, ConflictError } from '../../errors';

/** One line of the file: dates 'YYYY-MM-DD' (or ''), amounts '1234.50' (or '0.00'); fec-fichier.ts formats them. */
export type FecLigne = Record<FecColonne, string>;

export interface FecExport {
  siren: string;
  debut: string;
  fin: string;
  lignes: FecLigne[];
}

interface Piece {
  journal: JournalCode;
  date: string;
  /** Tie-break among the entries of a day: the document's number, or the payment's id. */
  ordre: string;
  lignes: Omit<FecLigne, 'JournalCode' | 'JournalLib' | 'EcritureNum' | 'EcritureDate'>[];
}

interface SaleRow {
  id: number;
  type: 'facture' | 'avoir';
  numero: string;
  date: string;
  valid: string;
  clientId: number;
  clientNom: string;
  totalTtc: string;
  tva: DocumentTva[];
  /** The invoice whose 411 lines this one letters with: itself, or a credit note's invoice. */
  factureId: number;
  factureNumero: string;
}

interface PaymentRow {
  id: number;
  date: string;
  valid: string;
  montant: string;
  moyen: MoyenPaiement;
  reference: string | null;
  factureId: number;
  factureNumero: string;
  clientId: number;
  clientNom: string;
}

interface PurchaseRow {
  id: number;
  numero: string;
  date: string;
  valid: string;
  etablissementId: number;
  etablissementNom: string;
  totalHt: string;
  totalTva: string;
  totalTtc: string;
}

const clientAccount = (id: number) => `C${String(id).padStart(6, '0')}`;
const supplierAccount = (id: number) => `F${String(id).padStart(6, '0')}`;
const isZero = (amount: string) => /^-?0+(\.0+)?$/.test(amount);

/** '10.00' → '445711000', '5.50' → '445710550': one VAT-collected account per rate (COMPTES.tvaCollectee). */
export function vatAccount(rate: string): { numero: string; libelle: string } {
  const [units = '0', decimals = ''] = rate.split('.');
  const hundredths = Number(units) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2));
  const shown = `${Number(units)}${Number(decimals) > 0 ? `,${decimals.replace(/0+$/, '')}` : ''} %`;
  return {
    numero: `${COMPTES.tvaCollectee.numero}${String(hundredths).padStart(4, '0')}`,
    libelle: `${COMPTES.tvaCollectee.libelle} ${shown}`,
  };
}

const line = (
  compte: { numero: string; libelle: string },
  fields: { aux?: [string, string]; piece: string; pieceDate: string; libelle: string; valid: string },
  debit: string,
  credit: string,
): Piece['lignes'][number] => ({
  CompteNum: compte.numero,
  CompteLib: compte.libelle,
  CompAuxNum: fields.aux?.[0] ?? '',
  CompAuxLib: fields.aux?.[1] ?? '',
  PieceRef: fields.piece,
  PieceDate: fields.pieceDate,
  EcritureLib: fields.libelle,
  Debit: debit,
  Credit: credit,
  EcritureLet: '',
  DateLet: '',
  ValidDate: fields.valid,
  Montantdevise: '',
  Idevise: '',
});

/** An invoice: 411 debit TTC; 706 credit HT per rate; 44571x credit VAT per rate. A credit note: the reverse. */
function salePiece(row: SaleRow): Piece {
  const avoir = row.type === 'avoir';
  const side = (amount: string): [string, string] => (avoir ? [amount, '0.00'] : ['0.00', amount]);
  const fields = {
    piece: row.numero,
    pieceDate: row.date,
    valid: row.valid,
    libelle: avoir
      ? `Avoir ${row.numero} sur ${row.factureNumero} ${row.clientNom}`
      : `Facture ${row.numero} ${row.clientNom}`,
  };
  const lignes = [
    line(
      COMPTES.clients,
      { ...fields, aux: [clientAccount(row.clientId), row.clientNom] },
      avoir ? '0.00' : row.totalTtc,
      avoir ? row.totalTtc : '0.00',
    ),
  ];
  for (const tva of row.tva)
    if (!isZero(tva.baseHt)) lignes.push(line(COMPTES.ventes, fields, ...side(tva.baseHt)));
  for (const tva of row.tva)
    if (!isZero(tva.montantTva)) lignes.push(line(vatAccount(tva.tauxTva), fields, ...side(tva.montantTva)));
  return { journal: 'VT', date: row.date, ordre: row.numero, lignes };
}

/** A payment: 512 debit, 411 credit (the client's auxiliary account). */
function paymentPiece(row: PaymentRow): Piece {
  const fields = {
    piece: row.factureNumero,
    pieceDate: row.date,
    valid: row.valid,
    libelle: [
      `Règlement ${row.factureNumero}`,
      MOYEN_PAIEMENT_LABELS[row.moyen],
      row.reference,
      row.clientNom,
    ]
      .filter(Boolean)
      .join(' '),
  };
  return {
    journal: 'BQ',
    date: row.date,
    ordre: String(row.id).padStart(10, '0'),
    lignes: [
      line(COMPTES.banque, fields, row.montant, '0.00'),
      line(
        COMPTES.clients,
        { ...fields, aux: [clientAccount(row.clientId), row.clientNom] },
        '0.00',
        row.montant,
      ),
    ],
  };
}

/** A reconciled hotel invoice: 604 debit HT, 44566 debit VAT, 401 credit TTC (the hotel's auxiliary account). */
function purchasePiece(row: PurchaseRow): Piece {
  const fields = {
    piece: row.numero,
    pieceDate: row.date,
    valid: row.valid,
    libelle: `Facture ${row.numero} ${row.etablissementNom}`,
  };
  const lignes = [line(COMPTES.achats, fields, row.totalHt, '0.00')];
  if (!isZero(row.totalTva)) lignes.push(line(COMPTES.tvaDeductible, fields, row.totalTva, '0.00'));
  lignes.push(
    line(
      COMPTES.fournisseurs,
      { ...fields, aux: [supplierAccount(row.etablissementId), row.etablissementNom] },
      '0.00',
      row.totalTtc,
    ),
  );
  return { journal: 'HA', date: row.date, ordre: `${row.numero}\u0000${row.id}`, lignes };
}

export function checkPeriod(query: FecQuery): void {
  if (query.fin < query.debut) throw new BadRequestError(COMPTABILITE_MESSAGES.periode, { champ: 'fin' });
  const days = (Date.parse(query.fin) - Date.parse(query.debut)) / 86_400_000 + 1;
  if (days > FEC_MAX_JOURS) throw new BadRequestError(COMPTABILITE_MESSAGES.periodeLongue, { champ: 'fin' });
}

/**
 * Lettering: the 411 lines of an invoice, its credit notes and its payments carry the invoice's number as their
 * lettering code once they net to zero by the period's end, dated the day the last of them did.
 */
async function letteredBy(db: Executor, ids: number[], fin: string): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; dateLet: string }>(
    db,
    sql`select f.id, greatest(f.date_emission,
          (select max(a.date_emission) from factures a where a.facture_origine_id = f.id and a.date_emission <= ${fin}::date),
          (select max(p.date_paiement) from paiements p where p.facture_id = f.id and p.annule_at is null
             and p.date_paiement <= ${fin}::date))::text as "dateLet"
        from factures f
        where f.id = any(${`{${ids.join(',')}}`}::int[]) and f.date_emission <= ${fin}::date
          and f.total_ttc
            - coalesce((select sum(a.total_ttc) from factures a
                where a.facture_origine_id = f.id and a.date_emission <= ${fin}::date), 0)
            - coalesce((select sum(p.montant) from paiements p
                where p.facture_id = f.id and p.annule_at is null and p.date_paiement <= ${fin}::date), 0) = 0`,
  );
  return new Map(rows.map((row) => [row.id, row.dateLet]));
}

export async function readFec(db: Executor, query: FecQuery): Promise<FecExport> {
  checkPeriod(query);
  const { debut, fin } = query;
  const settings = await oneOf<{ siren: string | null }>(
    db,
    sql`select (select siren from facturation_parametres where id = 1) as siren`,
  );
  const siren = settings?.siren ?? null;
  if (siren === null) throw new ConflictError(COMPTABILITE_MESSAGES.sirenManquant);

  const sales = await rowsOf<SaleRow>(
    db,
    sql`select f.id, f.type, f.numero, f.date_emission::text as date, ${parisDayOf(sql`f.emise_at`)}::text as valid,
        f.client_id as "clientId", c.nom as "clientNom", f.total_ttc::text as "totalTtc", f.document -> 'tva' as tva,
        coalesce(o.id, f.id) as "factureId", coalesce(o.numero, f.numero) as "factureNumero"
      from factures f join clients c on c.id = f.client_id left join factures o on o.id = f.facture_origine_id
      where f.statut <> 'brouillon' and f.date_emission between ${debut}::date and ${fin}::date`,
  );
  const payments = await rowsOf<PaymentRow>(
    db,
    sql`select p.id, p.date_paiement::text as date, ${parisDayOf(sql`p.created_at`)}::text as valid,
        p.montant::text as montant, p.moyen, p.reference, f.id as "factureId", f.numero as "factureNumero",
        f.client_id as "clientId", c.nom as "clientNom"
      from paiements p join factures f on f.id = p.facture_id join clients c on c.id = f.client_id
      where p.annule_at is null and p.date_paiement between ${debut}::date and ${fin}::date`,
  );
  const purchases = await rowsOf<PurchaseRow>(
    db,
    sql`select fe.id, fe.numero, fe.date_facture::text as date,
        ${parisDayOf(sql`coalesce(fe.rapprochee_le, fe.updated_at)`)}::text as valid,
        fe.etablissement_id as "etablissementId", e.nom as "etablissementNom", fe.total_ht::text as "totalHt",
        fe.total_tva::text as "totalTva", fe.total_ttc::text as "totalTtc"
      from factures_etablissements fe join etablissements e on e.id = fe.etablissement_id
      where fe.etat = 'rapprochee' and fe.date_facture between ${debut}::date and ${fin}::date`,
  );

  const lettering = await letteredBy(
    db,
    [...new Set([...sales.map((row) => row.factureId), ...payments.map((row) => row.factureId)])],
    fin,
  );
  const letter = (piece: Piece, factureId: number, factureNumero: string): Piece => {
    const dateLet = lettering.get(factureId);
    if (dateLet === undefined) return piece;
    for (const ligne of piece.lignes)
      if (ligne.CompteNum === COMPTES.clients.numero)
        Object.assign(ligne, { EcritureLet: factureNumero, DateLet: dateLet });
    return piece;
  };

  const pieces = [
    ...sales.map((row) => letter(salePiece(row), row.factureId, row.factureNumero)),
    ...payments.map((row) => letter(paymentPiece(row), row.factureId, row.factureNumero)),
    ...purchases.map(purchasePiece),
  ].sort((a, b) =>
    a.date !== b.date
      ? a.date < b.date
        ? -1
        : 1
      : a.journal !== b.journal
        ? a.journal < b.journal
          ? -1
          : 1
        : a.ordre < b.ordre
          ? -1
          : a.ordre > b.ordre
            ? 1
            : 0,
  );
  const counters: Record<JournalCode, number> = { VT: 0, BQ: 0, HA: 0 };
  const lignes = pieces.flatMap((piece) => {
    const numero = `${piece.journal}${String(++counters[piece.journal]).padStart(6, '0')}`;
    return piece.lignes.map((ligne): FecLigne => ({
      JournalCode: piece.journal,
      JournalLib: JOURNAUX[piece.journal],
      EcritureNum: numero,
      EcritureDate: piece.date,
      ...ligne,
    }));
  });
  return { siren, debut, fin, lignes };
}
