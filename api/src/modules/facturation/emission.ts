/**
 * Issuing (docs/invoicing.md « Client invoices »): a draft becomes an invoice numbered FA-YYYY-NNNNNN, and a credit
 * note is issued AV-YYYY-NNNNNN, each number taken in the issuing transaction from its series' counter row
 * (`facture_compteurs`): the row lock makes concurrent issues of a series wait for each other, so numbers follow
 * each other with no gap, and a transaction rolled back gives its number back. The FactureDocument written then is
 * frozen: the PDF and the Factur-X XML render it, never the rows as they are later.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  FACTURATION_MESSAGES,
  FACTURE_MENTIONS,
  FACTURE_PREFIXES,
  MENTION_EXONERATION_DEFAUT,
  addDays,
  type FactureDocument,
  type FactureType,
  type FactureWritten,
} from 'shared/contract';
import { type Actor, actorUserId, recordAudit } from '../../db/audit';
import type { Database, Executor } from '../../db/client';
import { oneOf } from '../../db/raw';
import { todayOf, type AsOf } from '../../db/today';
import { factures, type FacturationParametresRow, type FactureRow } from '../../db/schema';
import { ConflictError } from '../../errors';
import { renderFacturX } from '../../lib/facturx';
import { lockFacture } from './brouillons';
import { readFactureDetail } from './facture-read';
import { computeAnnexe, computeLignes, computeTotaux, type ComputedLigne, type Totaux } from './lignes';
import { missingSettings, readSettingsRow } from './parametres';

/** The next number of a series, in the caller's transaction (its counter row stays locked until it ends). */
export async function nextNumber(tx: Executor, type: FactureType, year: number): Promise<string> {
  const row = await oneOf<{ dernier: number }>(
    tx,
    sql`insert into facture_compteurs (type, annee, dernier) values (${type}, ${year}, 1)
      on conflict (type, annee) do update set dernier = facture_compteurs.dernier + 1
      returning dernier`,
  );
  if (row === undefined) throw new Error('facture_compteurs: no row');
  return `${FACTURE_PREFIXES[type]}-${year}-${String(row.dernier).padStart(6, '0')}`;
}

/** The settings, or 409 naming the mandatory fields still empty. Read under a share lock: stable during the issue. */
export async function issuingSettings(tx: Executor): Promise<FacturationParametresRow> {
  const settings = await readSettingsRow(tx, true);
  const missing = missingSettings(settings);
  if (missing.length > 0) throw new ConflictError(FACTURATION_MESSAGES.settingsMissing(missing));
  return settings;
}

interface Buyer {
  nom: string;
  siret: string | null;
  numeroTva: string | null;
  email: string | null;
  ligne1: string;
  ligne2: string | null;
  codePostal: string;
  ville: string;
}

async function buyerOf(tx: Executor, clientId: number): Promise<Buyer> {
  const row = await oneOf<Buyer>(
    tx,
    sql`select c.nom, c.siret, cf.numero_tva as "numeroTva", coalesce(cf.email_facturation, c.email) as email,
        coalesce(cf.adresse_ligne1, c.adresse) as ligne1, case when cf.adresse_ligne1 is null then null
          else cf.adresse_ligne2 end as ligne2,
        coalesce(cf.code_postal, c.code_postal) as "codePostal", coalesce(cf.ville, c.ville) as ville
      from clients c left join clients_facturation cf on cf.client_id = c.id where c.id = ${clientId}`,
  );
  if (row === undefined) throw new Error(`client ${clientId}: missing`);
  return row;
}

const isZero = (rate: string) => Number(rate) === 0;

export interface DocumentInput {
  type: FactureType;
  numero: string;
  dateEmission: string;
  dateEcheance: string;
  row: Pick<
    FactureRow,
    'id' | 'clientId' | 'periodeDebut' | 'periodeFin' | 'referenceAcheteur' | 'notes' | 'motif'
  >;
  nights: SQL;
  lignes: ComputedLigne[];
  totaux: Totaux;
  factureReference?: { numero: string; dateEmission: string };
}

/** The FactureDocument of an issue, from the settings, the client and the lines. */
export async function buildDocument(
  tx: Executor,
  settings: FacturationParametresRow,
  input: DocumentInput,
): Promise<FactureDocument> {
  const buyer = await buyerOf(tx, input.row.clientId);
  const exemption = settings.mentionExoneration ?? MENTION_EXONERATION_DEFAUT;
  const hasExemption = input.totaux.tva.some((rate) => isZero(rate.tauxTva));
  const optional = <K extends string, V>(key: K, value: V | null | undefined) =>
    (value === null || value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;
  const mentions = [
    ...(hasExemption ? [exemption] : []),
    ...(input.row.motif ? [input.row.motif] : []),
    ...(input.row.notes ? [input.row.notes] : []),
  ];
  return {
    type: input.type,
    numero: input.numero,
    dateEmission: input.dateEmission,
    dateEcheance: input.dateEcheance,
    periode: { debut: input.row.periodeDebut, fin: input.row.periodeFin },
    devise: 'EUR',
    vendeur: {
      raisonSociale: settings.raisonSociale ?? '',
      adresse: {
        ligne1: settings.adresseLigne1 ?? '',
        ...optional('ligne2', settings.adresseLigne2),
        codePostal: settings.codePostal ?? '',
        ville: settings.ville ?? '',
        pays: settings.pays,
      },
      siren: settings.siren ?? '',
      siret: settings.siret ?? '',
      numeroTva: settings.numeroTva ?? '',
      ...optional('email', settings.email),
      ...optional('telephone', settings.telephone),
      ...optional('iban', settings.iban),
      ...optional('bic', settings.bic),
      ...optional('formeJuridique', settings.formeJuridique),
    },
    acheteur: {
      raisonSociale: buyer.nom,
      adresse: {
        ligne1: buyer.ligne1,
        ...optional('ligne2', buyer.ligne2),
        codePostal: buyer.codePostal,
        ville: buyer.ville,
        pays: 'FR',
      },
      ...optional('siret', buyer.siret),
      ...optional('numeroTva', buyer.numeroTva),
      ...optional('email', buyer.email),
      ...optional('reference', input.row.referenceAcheteur),
    },
    ...(input.factureReference === undefined ? {} : { factureReference: input.factureReference }),
    lignes: input.lignes.map((ligne, index) => ({
      numero: index + 1,
      libelle: ligne.libelle,
      quantite: String(ligne.quantite),
      unite: ligne.nature === 'nuitee' ? 'DAY' : 'C62',
      prixUnitaireHt: ligne.prixUnitaireHt,
      montantHt: ligne.montantHt,
      tauxTva: ligne.tauxTva,
      categorieTva: isZero(ligne.tauxTva) ? 'E' : 'S',
    })),
    tva: input.totaux.tva.map((rate) => ({
      tauxTva: rate.tauxTva,
      categorieTva: isZero(rate.tauxTva) ? 'E' : 'S',
      baseHt: rate.baseHt,
      montantTva: rate.montantTva,
      ...(isZero(rate.tauxTva) ? { motifExoneration: exemption } : {}),
    })),
    totaux: {
      totalHt: input.totaux.totalHt,
      totalTva: input.totaux.totalTva,
      totalTtc: input.totaux.totalTtc,
      dejaPaye: '0.00',
      netAPayer: input.totaux.totalTtc,
    },
    conditionsPaiement:
      input.type === 'avoir'
        ? FACTURE_MENTIONS.conditionsAvoir
        : FACTURE_MENTIONS.conditionsPaiement(settings.delaiPaiementJours, settings.iban),
    penalitesRetard: FACTURE_MENTIONS.penalitesRetard(settings.tauxPenalites ?? ''),
    indemniteRecouvrement: FACTURE_MENTIONS.indemniteRecouvrement(settings.indemniteRecouvrement),
    mentions,
    annexe: await computeAnnexe(tx, input.nights),
  };
}

/** brouillon → émise: number, dates and frozen document, in one transaction (`asOf`: the demo data's past days). */
export function issueFacture(db: Database, actor: Actor, id: number, asOf?: AsOf): Promise<FactureWritten> {
  return db.transaction(async (tx) => {
    const before = await lockFacture(tx, id);
    if (before.statut !== 'brouillon')
      throw new ConflictError(FACTURATION_MESSAGES.notDraft(before.numero ?? ''));
    const settings = await issuingSettings(tx);
    const today = asOf?.today ?? (await todayOf(tx));
    const dateEcheance =
      before.dateEcheance !== null && before.dateEcheance >= today
        ? before.dateEcheance
        : addDays(today, settings.delaiPaiementJours);
    const numero = await nextNumber(tx, 'facture', Number(today.slice(0, 4)));
    const lignes = await computeLignes(tx, sql`fn.facture_id = ${id}`);
    const totaux = await computeTotaux(tx, lignes);
    const document = await buildDocument(tx, settings, {
      type: 'facture',
      numero,
      dateEmission: today,
      dateEcheance,
      row: before,
      nights: sql`fn.facture_id = ${id}`,
      lignes,
      totaux,
    });
    const { pdf, xml } = await renderFacturX(document);
    const [after] = await tx
      .update(factures)
      .set({
        statut: 'emise',
        numero,
        dateEmission: today,
        dateEcheance,
        document,
        pdf,
        xml,
        totalHt: totaux.totalHt,
        totalTva: totaux.totalTva,
        totalTtc: totaux.totalTtc,
        emiseBy: actorUserId(actor),
        emiseAt: asOf?.at ?? sql`now()`,
        updatedAt: asOf?.at,
      })
      .where(eq(factures.id, id))
      .returning();
    await recordAudit(tx, {
      entity: 'facture',
      entityId: id,
      action: 'emission',
      before,
      after: after === undefined ? null : { ...after, document: undefined, pdf: undefined, xml: undefined },
      actor,
      at: asOf?.at,
    });
    return { message: FACTURATION_MESSAGES.issued(numero), data: await readFactureDetail(tx, id) };
  });
}
