/**
 * The demo's invoicing (issue 39, docs/invoicing.md « Demo data »): the seller settings of a fictitious booking
 * centre, the clients' billing e-mails, past months invoiced through the services themselves — drafts prepared, then
 * issued, so numbers, PDFs and Factur-X XML are the real ones — each on its own past day (`asOf`), paid, one partly
 * paid, one overdue, one corrected by a credit note and invoiced again; a few drafts of last month; two hotels'
 * invoices of a past month, one reconciled, one with differences. Deterministic: the choices follow ids and dates.
 */
import { addDays, type FacturationParametresBody } from 'shared/contract';
import { sql } from 'drizzle-orm';
import { SYSTEM_ACTOR, type Actor } from '../db/audit';
import type { Database } from '../db/client';
import { oneOf, rowsOf } from '../db/raw';
import { asOf } from '../db/today';
import { createAvoir } from '../modules/facturation/avoirs';
import { buildDraft, prepareMonth } from '../modules/facturation/brouillons';
import { issueFacture } from '../modules/facturation/emission';
import { recordPayment } from '../modules/facturation/paiements';
import { updateClientBilling, updateSettings } from '../modules/facturation/parametres';
import { createFacture, storeDetail } from '../modules/releves/facture/facture-service';
import type { LigneDetail } from '../modules/releves/facture/detail-lignes';
import { totalsOf } from '../modules/releves/rapprochement/comparaison';
import { accepterEcarts, rapprocher } from '../modules/releves/rapprochement/rapprochement-service';
import { purchaseItems, releveEtablissement } from '../modules/releves/releve/releve-service';
import { fromCents, toCents } from '../modules/releves/periode';

/**
 * A fictitious company: its identifiers have valid formats and keys (SIREN and SIRET pass Luhn, the VAT key is
 * (12 + 3 × (SIREN mod 97)) mod 97, the IBAN's check digits and RIB key are right) but belong to no one we know of.
 */
export const DEMO_SETTINGS: FacturationParametresBody = {
  raisonSociale: 'Centrale Solidaire d’Hébergement',
  formeJuridique: 'SAS au capital de 50 000 €',
  adresseLigne1: '18 rue des Tanneurs',
  adresseLigne2: 'Bâtiment B',
  codePostal: '69007',
  ville: 'Lyon',
  pays: 'FR',
  siren: '912745585',
  siret: '91274558500014',
  numeroTva: 'FR02912745585',
  email: 'facturation@centrale-demo.fr',
  telephone: '04 72 00 18 18',
  iban: 'FR7630004012340001234567862',
  bic: 'BNPAFRPPXXX',
  delaiPaiementJours: 30,
  tauxPenalites: '12.15',
  indemniteRecouvrement: '40.00',
  mentionExoneration: null,
};

export interface DemoFacturationResult {
  /** Issued invoices and credit notes, drafts, payments recorded, hotels' invoices entered. */
  factures: number;
  avoirs: number;
  brouillons: number;
  paiements: number;
  facturesEtablissements: number;
}

const monthOf = (day: string, offset: number): string => {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + offset);
  return date.toISOString().slice(0, 7);
};

/** Drafts of last month kept as drafts, for the demo of review and issue. */
const DRAFTS_LAST_MONTH = 3;

interface Issued {
  id: number;
  dateEmission: string;
  dateEcheance: string;
}

/** The demo's staff: an administrator issues and credits, an agent prepares and records payments (SYSTEM without). */
async function staff(db: Database): Promise<{ admin: Actor; agent: Actor }> {
  const row = await oneOf<{ admin: number | null; agent: number | null }>(
    db,
    sql`select (select id from users where active and role = 'admin' order by id limit 1) as admin,
      (select id from users where active and role = 'agent' order by id limit 1) as agent`,
  );
  const actor = (id: number | null | undefined): Actor =>
    id === null || id === undefined ? SYSTEM_ACTOR : { kind: 'user', userId: id };
  return { admin: actor(row?.admin), agent: actor(row?.agent ?? row?.admin) };
}

/** What is left to pay on an issued invoice (TTC − credit notes − payments), as a decimal string. */
async function leftToPay(db: Database, id: number): Promise<string> {
  const row = await oneOf<{ reste: string }>(
    db,
    sql`select (f.total_ttc - coalesce((select sum(a.total_ttc) from factures a where a.facture_origine_id = f.id), 0)
        - coalesce((select sum(p.montant) from paiements p where p.facture_id = f.id and p.annule_at is null), 0)
      )::numeric(12, 2)::text as reste from factures f where f.id = ${id}`,
  );
  return row?.reste ?? '0.00';
}

async function issueAll(db: Database, admin: Actor, ids: number[], day: string): Promise<Issued[]> {
  const issued: Issued[] = [];
  for (const id of ids) {
    const { data } = await issueFacture(db, admin, id, asOf(day, '10:00'));
    issued.push({ id, dateEmission: data.dateEmission ?? day, dateEcheance: data.dateEcheance ?? day });
  }
  return issued;
}

/**
 * Invoices `months` past months (the oldest first, ending the month before last) and prepares a few drafts of last
 * month. `today` is the dataset's day; every write is stamped on its own day before it.
 */
export async function insertDemoFacturation(
  db: Database,
  today: string,
  months: number,
): Promise<DemoFacturationResult> {
  const result: DemoFacturationResult = {
    factures: 0,
    avoirs: 0,
    brouillons: 0,
    paiements: 0,
    facturesEtablissements: 0,
  };
  if (months <= 0) return result;
  const { admin, agent } = await staff(db);
  const first = monthOf(today, -months - 1);
  const setUp = asOf(addDays(`${monthOf(first, 1)}-01`, -1), '16:00');
  await updateSettings(db, admin, DEMO_SETTINGS, setUp);
  const clientIds = await rowsOf<{ id: number }>(db, sql`select id from clients order by id`);
  for (const { id } of clientIds)
    await updateClientBilling(
      db,
      admin,
      id,
      {
        emailFacturation: `comptabilite.c${id}@client-demo.fr`,
        numeroTva: null,
        adresseLigne1: null,
        adresseLigne2: null,
        codePostal: null,
        ville: null,
      },
      setUp,
    );

  // Each month: drafts prepared on the 3rd of the next, issued on the 5th (numbers follow the days).
  const issued: Issued[] = [];
  let credited: Issued | undefined;
  for (let offset = -months - 1; offset <= -2; offset++) {
    const mois = monthOf(today, offset);
    const next = monthOf(today, offset + 1);
    const prepared = await prepareMonth(db, agent, mois, undefined, asOf(`${next}-03`, '09:00'));
    const batch = await issueAll(db, admin, prepared.data.factureIds, `${next}-05`);
    issued.push(...batch);
    // The second month: one invoice corrected — two nights credited on the 12th, invoiced again the next day.
    if (offset === -months && batch[0] !== undefined) {
      credited = batch[0];
      const nights = await rowsOf<{ id: number }>(
        db,
        sql`select nuitee_id::int as id from facture_nuitees where facture_id = ${credited.id}
          order by date_nuit, nuitee_id limit 2`,
      );
      await createAvoir(
        db,
        admin,
        credited.id,
        {
          motif: 'Deux nuitées à facturer à part, à la demande du client (autre service payeur)',
          nuitees: nights.map((night) => night.id),
        },
        asOf(`${next}-12`, '11:00'),
      );
      result.avoirs += 1;
      const clientId = (
        await oneOf<{ client_id: number }>(db, sql`select client_id from factures where id = ${credited.id}`)
      )?.client_id;
      if (clientId !== undefined) {
        const again = await db.transaction((tx) =>
          buildDraft(tx, agent, { clientId, mois }, asOf(`${next}-13`, '09:00')),
        );
        issued.push(...(await issueAll(db, admin, [again], `${next}-13`)));
      }
    }
  }
  result.factures = issued.length;

  // Payments: what fell due before today is paid, but for the latest two — one left unpaid (overdue), one partly
  // paid. What is not due yet waits.
  const due = issued
    .filter((invoice) => invoice.dateEcheance < today)
    .sort((a, b) => b.dateEcheance.localeCompare(a.dateEcheance) || a.id - b.id);
  const [, partly, ...paid] = due;
  const payDay = (invoice: Issued, days: number) =>
    [addDays(invoice.dateEmission, days), addDays(today, -1)].sort()[0] ?? today;
  if (partly !== undefined) {
    const reste = await leftToPay(db, partly.id);
    const part = fromCents(Math.floor((toCents(reste) * 0.4) / 100) * 100);
    await recordPayment(
      db,
      agent,
      partly.id,
      { datePaiement: payDay(partly, 20), montant: part, moyen: 'virement', reference: `VIR-${partly.id}-1` },
      asOf(payDay(partly, 21), '14:00'),
    );
    result.paiements += 1;
  }
  for (const invoice of paid.sort((a, b) => a.id - b.id)) {
    const days = 10 + (invoice.id % 19);
    const reste = await leftToPay(db, invoice.id);
    if (toCents(reste) <= 0) continue;
    await recordPayment(
      db,
      agent,
      invoice.id,
      {
        datePaiement: payDay(invoice, days),
        montant: reste,
        moyen: invoice.id % 5 === 0 ? 'cheque' : 'virement',
        reference: `${invoice.id % 5 === 0 ? 'CHQ' : 'VIR'}-${invoice.id}`,
      },
      asOf(payDay(invoice, days + 1), '14:00'),
    );
    result.paiements += 1;
  }

  // A few drafts of last month, prepared yesterday: to review and issue (the others' « Préparer les factures »).
  const lastMonth = monthOf(today, -1);
  const waiting = await rowsOf<{ id: number }>(
    db,
    sql`select distinct r.client_id as id from reservations r join nuitees n on n.reservation_id = r.id
      where not n.annulee and to_char(n.date_nuit, 'YYYY-MM') = ${lastMonth} order by 1 limit ${DRAFTS_LAST_MONTH}`,
  );
  for (const client of waiting) {
    await db.transaction((tx) =>
      buildDraft(tx, agent, { clientId: client.id, mois: lastMonth }, asOf(addDays(today, -1), '17:00')),
    );
    result.brouillons += 1;
  }

  result.facturesEtablissements = await insertDemoHotelInvoices(db, admin, agent, monthOf(today, -2));
  return result;
}

interface BookedLine {
  reservationId: number;
  pensionnaire: string;
  dateNuit: string;
  prestation: LigneDetail['prestation'];
  typeChambre: string | null;
  quantite: number;
  prix: string;
  taux: string;
}

/**
 * The hotels' invoices of month `mois`, entered on the 10th of the next month by an agent: the busiest hotel's, with
 * totals equal to its statement and no detail — reconciled at once; the next one's, with a detail that leaves out a
 * night and bills another at a higher price — in « écart », the price difference accepted by an administrator, the
 * missing night still open.
 */
async function insertDemoHotelInvoices(
  db: Database,
  admin: Actor,
  agent: Actor,
  mois: string,
): Promise<number> {
  const debut = `${mois}-01`;
  const fin = `${monthOf(debut, 1)}-01`;
  const entered = asOf(addDays(fin, 9), '15:00');
  const hotels = await rowsOf<{ id: number }>(
    db,
    sql`select etablissement_id as id from nuitees where not annulee and date_nuit >= ${debut}::date
      and date_nuit < ${fin}::date group by 1 order by count(*) desc, 1 limit 2`,
  );
  const [reconciled, disputed] = hotels;
  if (reconciled !== undefined) {
    const releve = await releveEtablissement(db, reconciled.id, mois);
    const facture = await createFacture(
      db,
      agent,
      {
        etablissementId: reconciled.id,
        numero: `FH-${mois.replace('-', '')}-${String(reconciled.id).padStart(4, '0')}`,
        dateFacture: addDays(fin, 2),
        periodeDebut: debut,
        periodeFin: fin,
        totalHt: releve.totaux.totalHt,
        totalTva: releve.totaux.totalTva,
        totalTtc: releve.totaux.totalTtc,
      },
      entered,
    );
    await rapprocher(db, agent, facture.id, facture.version, entered);
  }
  if (disputed === undefined) return hotels.length;
  const booked = await rowsOf<BookedLine>(
    db,
    sql`with ${purchaseItems(disputed.id, debut, fin)}
      select i.reservation_id::int as "reservationId", p.nom || ' ' || p.prenom as pensionnaire,
        i.date_nuit::text as "dateNuit", i.prestation, tc.libelle as "typeChambre", i.quantite::int as quantite,
        i.prix::numeric(14, 2)::text as prix, i.taux::numeric(5, 2)::text as taux
      from items i join reservations r on r.id = i.reservation_id join pensionnaires p on p.id = r.pensionnaire_id
        left join types_chambre tc on tc.id = i.type_chambre_id
      order by p.nom, p.prenom, i.reservation_id, i.date_nuit, i.prestation`,
  );
  const nights = booked.filter((line) => line.prestation === 'nuitee');
  const left = nights[Math.floor(nights.length / 3)];
  const dearer = nights[Math.floor((nights.length * 2) / 3)];
  const lignes: LigneDetail[] = booked
    .filter((line) => line !== left)
    .map((line, index) => ({
      ligne: index + 2,
      reservationId: line.reservationId,
      pensionnaire: line.pensionnaire,
      dateNuit: line.dateNuit,
      prestation: line.prestation,
      typeChambre: line.typeChambre,
      quantite: line.quantite,
      prixUnitaireHt: line === dearer ? fromCents(toCents(line.prix) + 450) : line.prix,
      tauxTva: line.taux,
    }));
  const totals = totalsOf(
    lignes.map((l) => ({ quantite: l.quantite, prix: l.prixUnitaireHt, taux: l.tauxTva })),
  );
  const facture = await createFacture(
    db,
    agent,
    {
      etablissementId: disputed.id,
      numero: `FH-${mois.replace('-', '')}-${String(disputed.id).padStart(4, '0')}`,
      dateFacture: addDays(fin, 3),
      periodeDebut: debut,
      periodeFin: fin,
      totalHt: fromCents(totals.ht),
      totalTva: fromCents(totals.tva),
      totalTtc: fromCents(totals.ttc),
    },
    entered,
  );
  const withDetail = await storeDetail(
    db,
    agent,
    facture.id,
    facture.version,
    { kind: 'csv', nomFichier: `detail-${mois}-hotel-${disputed.id}.csv` },
    lignes,
    entered,
  );
  const { data } = await rapprocher(db, agent, facture.id, withDetail.version, entered);
  const price = data.ecarts.find((ecart) => ecart.type === 'ecart_prix');
  // An acceptance names its administrator: none yet when the data is generated without the app (demo:generate).
  if (price !== undefined && admin.kind === 'user')
    await accepterEcarts(
      db,
      admin,
      facture.id,
      {
        version: data.version,
        // The row as read (a bigint id comes back as text), the number the service compares.
        ecartIds: [Number(price.id)],
        motif: 'Supplément chambre individuelle accordé par téléphone',
      },
      asOf(addDays(fin, 11), '10:30'),
    );
  return hotels.length;
}
