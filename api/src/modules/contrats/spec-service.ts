/**
 * The spec's contract calls (§7 Contracts): contracts offered for a stay, contract pickers, hotels with rooms
 * free under an active contract, a contract's room types and prices for a period, and the residents search of
 * the booking screen. Read-only; answers use the spec's snake_case names.
 */
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import {
  compareNoms,
  departementDe,
  departementsProches,
  MAX_CONTRATS_FILTER,
  MAX_PENSIONNAIRES_SEARCH,
  type ContratClientAvailableBody,
  type ContratClientFilterQuery,
  type ContratClientResume,
  type ContratEtablissementAvailableBody,
  type ContratEtablissementFilterQuery,
  type ContratEtablissementResume,
  type ContratsEtablissementsAnswer,
  type DisponibiliteEtablissement,
  type ModeTarification,
  type PensionnairesSearchQuery,
  type Perimetre,
  type PensionnaireTrouve,
  type TypeChambreData,
  type TypeChambresQuery,
  CONTRATS_MESSAGES,
  REFERENTIEL_MESSAGES,
} from 'shared/contract';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw';
import {
  clients,
  contratsClients,
  contratsEtablissement,
  etablissements,
  pensionnaires,
} from '../../db/schema';
import { BadRequestError, NotFoundError } from '../../errors';
import { containsText, normalisedContains } from '../../lib/text-search';
import { daysBetween } from '../../lib/days';
import { TODAY } from '../../db/today';

const clientSummary = {
  id: contratsClients.id,
  reference: contratsClients.reference,
  date_debut: contratsClients.dateDebut,
  date_fin: contratsClients.dateFin,
  statut: contratsClients.statut,
  mode_tarification: contratsClients.modeTarification,
  taux_tva_nuitee: contratsClients.tauxTvaNuitee,
  taux_tva_repas: contratsClients.tauxTvaRepas,
  delai_alerte_jours: contratsClients.delaiAlerteJours,
  client_id: contratsClients.clientId,
  client_nom: clients.nom,
  montant_paf_jour: contratsClients.montantPafJour,
  montant_caf_jour: contratsClients.montantCafJour,
};

const etablissementSummary = {
  id: contratsEtablissement.id,
  reference: contratsEtablissement.reference,
  date_debut: contratsEtablissement.dateDebut,
  date_fin: contratsEtablissement.dateFin,
  statut: contratsEtablissement.statut,
  mode_tarification: contratsEtablissement.modeTarification,
  taux_tva_nuitee: contratsEtablissement.tauxTvaNuitee,
  taux_tva_repas: contratsEtablissement.tauxTvaRepas,
  delai_alerte_jours: contratsEtablissement.delaiAlerteJours,
  etablissement_id: contratsEtablissement.etablissementId,
  etablissement_nom: etablissements.nom,
};

/**
 * The départements of a city, from the postcodes the reference data gives it (hotels and clients, archived ones
 * included: a postcode does not move). The name matched whole (case aside), else as a substring.
 */
async function departementsOf(db: Database, ville: string): Promise<string[]> {
  const rows = await rowsOf<{ code_postal: string; exact: boolean }>(
    db,
    sql`select distinct code_postal, normalise_recherche(ville) = normalise_recherche(${ville.trim()}) as exact
      from (select code_postal, ville from etablissements union all select code_postal, ville from clients) lieu
      where ${containsText(sql`ville`, ville)}`,
  );
  const exact = rows.filter((row) => row.exact);
  return [...new Set((exact.length > 0 ? exact : rows).map((row) => departementDe(row.code_postal)))];
}

function assertPeriod(start: string, end: string): void {
  if (end <= start) throw new BadRequestError(CONTRATS_MESSAGES.specPeriod);
}

export function createContratsSpecService(db: Database) {
  return {
    /** The client's `actif` contracts whose period covers [start_date, end_date). */
    async clientAvailable(body: ContratClientAvailableBody): Promise<ContratClientResume[]> {
      assertPeriod(body.start_date, body.end_date);
      const [client] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.id, body.client_id));
      if (client === undefined) throw new NotFoundError(REFERENTIEL_MESSAGES.client.notFound);
      return db
        .select(clientSummary)
        .from(contratsClients)
        .innerJoin(clients, eq(clients.id, contratsClients.clientId))
        .where(
          and(
            eq(contratsClients.clientId, body.client_id),
            eq(contratsClients.statut, 'actif'),
            sql`${contratsClients.dateDebut} <= ${body.start_date}`,
            sql`${contratsClients.dateFin} >= ${body.end_date}`,
          ),
        )
        .orderBy(desc(contratsClients.dateDebut), asc(contratsClients.reference));
    },

    /** Contracts for a select: by client, status, reference substring; at most 200, by reference. */
    clientFilter(query: ContratClientFilterQuery): Promise<ContratClientResume[]> {
      const search = query.search?.trim();
      return db
        .select(clientSummary)
        .from(contratsClients)
        .innerJoin(clients, eq(clients.id, contratsClients.clientId))
        .where(
          and(
            query.client_id === undefined ? undefined : eq(contratsClients.clientId, query.client_id),
            query.statut === undefined ? undefined : eq(contratsClients.statut, query.statut),
            search ? containsText(contratsClients.reference, search) : undefined,
          ),
        )
        .orderBy(asc(contratsClients.reference), asc(contratsClients.id))
        .limit(MAX_CONTRATS_FILTER);
    },

    etablissementFilter(query: ContratEtablissementFilterQuery): Promise<ContratEtablissementResume[]> {
      const search = query.search?.trim();
      return db
        .select(etablissementSummary)
        .from(contratsEtablissement)
        .innerJoin(etablissements, eq(etablissements.id, contratsEtablissement.etablissementId))
        .where(
          and(
            query.etablissement_id === undefined
              ? undefined
              : eq(contratsEtablissement.etablissementId, query.etablissement_id),
            query.statut === undefined ? undefined : eq(contratsEtablissement.statut, query.statut),
            search ? containsText(contratsEtablissement.reference, search) : undefined,
          ),
        )
        .orderBy(asc(contratsEtablissement.reference), asc(contratsEtablissement.id))
        .limit(MAX_CONTRATS_FILTER);
    },

    /**
     * Hotels (not archived) with an `actif` contract covering [start_date, end_date), and, per room type (not
     * archived), tariff lines pricing every night and `nombre_chambres` rooms free every night: allotment −
     * rooms counted in occupations_allotement, a null allotment meaning no limit. One item per contract.
     * `perimetre` widens from the city asked for (perimetre-values.ts); the city's hotels come first, then every
     * hotel by name in French order (PostgreSQL's C collation put « hotelF1 » after « Ibis »).
     */
    async etablissementAvailable(
      body: ContratEtablissementAvailableBody,
    ): Promise<ContratsEtablissementsAnswer> {
      assertPeriod(body.start_date, body.end_date);
      const ville = body.ville?.trim() || undefined;
      const perimetre: Perimetre = ville === undefined ? 'tous' : (body.perimetre ?? 'ville');
      const start = sql`${body.start_date}::date`;
      const end = sql`${body.end_date}::date`;
      const free = sql`min(t.allotement - coalesce(o.chambres_occupees, 0))`;
      const inCity = ville === undefined ? sql`false` : containsText(sql`e.ville`, ville);
      const rows = await rowsOf<{
        contrat_id: number;
        reference: string;
        date_debut: string;
        date_fin: string;
        mode_tarification: ModeTarification;
        etablissement_id: number;
        etablissement_nom: string;
        ville: string;
        code_postal: string;
        dans_ville: boolean;
        type_chambre_id: number;
        libelle: string;
        capacite: number;
        chambres_libres: number | null;
      }>(
        db,
        sql`
          select c.id as contrat_id, c.reference, c.date_debut::text as date_debut,
                 c.date_fin::text as date_fin, c.mode_tarification,
                 e.id as etablissement_id, e.nom as etablissement_nom, e.ville, e.code_postal,
                 (${inCity}) as dans_ville,
                 tc.id as type_chambre_id, tc.libelle, tc.capacite, (${free})::int as chambres_libres
          from contrats_etablissement c
          join etablissements e on e.id = c.etablissement_id and e.archived_at is null
          join contrat_etablissement_tarifs t
            on t.contrat_id = c.id and t.date_debut < ${end} and t.date_fin > ${start}
          join types_chambre tc on tc.id = t.type_chambre_id and tc.archived_at is null
          -- the nights of the period this line prices, as offsets from start_date
          cross join lateral generate_series(
            greatest(t.date_debut, ${start}) - ${start},
            least(t.date_fin, ${end}) - ${start} - 1
          ) as nuit(n)
          left join occupations_allotement o on o.tarif_id = t.id and o.date_nuit = ${start} + nuit.n
          where c.statut = 'actif' and c.date_debut <= ${start} and c.date_fin >= ${end}
            ${body.type_chambre_id === undefined ? sql`` : sql`and t.type_chambre_id = ${body.type_chambre_id}`}
            ${perimetre === 'ville' ? sql`and ${inCity}` : sql``}
          group by c.id, e.id, tc.id
          having count(*) = ${daysBetween(body.start_date, body.end_date)}
             and (${free} is null or ${free} >= ${body.nombre_chambres ?? 1})
          order by c.id, tc.libelle, tc.id`,
      );
      const departements =
        perimetre === 'proximite' && ville !== undefined
          ? departementsProches(await departementsOf(db, ville))
          : [];
      const items = new Map<number, DisponibiliteEtablissement & { dansVille: boolean }>();
      for (const row of rows) {
        if (
          perimetre === 'proximite' &&
          !row.dans_ville &&
          !departements.includes(departementDe(row.code_postal))
        )
          continue;
        let item = items.get(row.contrat_id);
        if (item === undefined) {
          item = {
            etablissement: {
              id: row.etablissement_id,
              nom: row.etablissement_nom,
              ville: row.ville,
              code_postal: row.code_postal,
            },
            contrat: {
              id: row.contrat_id,
              reference: row.reference,
              date_debut: row.date_debut,
              date_fin: row.date_fin,
              mode_tarification: row.mode_tarification,
            },
            type_chambres: [],
            dansVille: row.dans_ville,
          };
          items.set(row.contrat_id, item);
        }
        item.type_chambres.push({
          id: row.type_chambre_id,
          libelle: row.libelle,
          capacite: row.capacite,
          chambres_libres: row.chambres_libres,
        });
      }
      const offered = [...items.values()].sort(
        (a, b) =>
          Number(b.dansVille) - Number(a.dansVille) ||
          compareNoms(a.etablissement.nom, b.etablissement.nom) ||
          compareNoms(a.etablissement.ville, b.etablissement.ville) ||
          compareNoms(a.contrat.reference, b.contrat.reference) ||
          a.contrat.id - b.contrat.id,
      );
      return {
        contrats_etablissements: offered.map(({ dansVille: _, ...item }) => item),
        ...(perimetre === 'proximite' ? { departements } : {}),
      };
    },

    /**
     * The room types of one hotel's contract with their prices: each tariff line overlapping the period, cut
     * to it (a price change inside the period gives one entry per sub-period), its nights and free rooms.
     * Without a period, every line as it is.
     */
    async typeChambres(
      contratId: number,
      etablissementId: number,
      query: TypeChambresQuery,
    ): Promise<TypeChambreData[]> {
      const { start_date: startDate, end_date: endDate } = query;
      if ((startDate === undefined) !== (endDate === undefined))
        throw new BadRequestError(CONTRATS_MESSAGES.specPeriodPair);
      if (startDate !== undefined && endDate !== undefined) assertPeriod(startDate, endDate);
      const [contrat] = await db
        .select({ etablissementId: contratsEtablissement.etablissementId })
        .from(contratsEtablissement)
        .where(eq(contratsEtablissement.id, contratId));
      if (contrat === undefined) throw new NotFoundError(CONTRATS_MESSAGES.etablissementNotFound);
      if (contrat.etablissementId !== etablissementId)
        throw new NotFoundError(CONTRATS_MESSAGES.notThisHotel);

      const start =
        startDate === undefined ? sql`t.date_debut` : sql`greatest(t.date_debut, ${startDate}::date)`;
      const end = endDate === undefined ? sql`t.date_fin` : sql`least(t.date_fin, ${endDate}::date)`;
      const rows = await rowsOf<{
        type_chambre_id: number;
        libelle: string;
        capacite: number;
        tarif_id: number;
        date_debut: string;
        date_fin: string;
        nombre_nuits: number;
        prix_nuitee_ht: string;
        prix_petit_dejeuner_ht: string;
        prix_dejeuner_ht: string;
        prix_diner_ht: string;
        allotement: number | null;
        chambres_libres: number | null;
      }>(
        db,
        sql`
          select tc.id as type_chambre_id, tc.libelle, tc.capacite, t.id as tarif_id,
                 (${start})::text as date_debut, (${end})::text as date_fin, (${end} - ${start})::int as nombre_nuits,
                 t.prix_nuitee_ht::text as prix_nuitee_ht, t.prix_petit_dejeuner_ht::text as prix_petit_dejeuner_ht,
                 t.prix_dejeuner_ht::text as prix_dejeuner_ht, t.prix_diner_ht::text as prix_diner_ht,
                 t.allotement,
                 (select min(t.allotement - coalesce(o.chambres_occupees, 0))::int
                    from generate_series(0, ${end} - ${start} - 1) as nuit(n)
                    left join occupations_allotement o
                      on o.tarif_id = t.id and o.date_nuit = ${start} + nuit.n) as chambres_libres
          from contrat_etablissement_tarifs t
          join types_chambre tc on tc.id = t.type_chambre_id and tc.archived_at is null
          where t.contrat_id = ${contratId} and ${start} < ${end}
          order by tc.libelle, tc.id, t.date_debut`,
      );
      const nights =
        startDate !== undefined && endDate !== undefined ? daysBetween(startDate, endDate) : undefined;
      const types = new Map<number, TypeChambreData>();
      for (const row of rows) {
        let type = types.get(row.type_chambre_id);
        if (type === undefined) {
          type = {
            id: row.type_chambre_id,
            libelle: row.libelle,
            capacite: row.capacite,
            couvre_periode: true,
            tarifs: [],
          };
          types.set(row.type_chambre_id, type);
        }
        type.tarifs.push({
          tarif_id: row.tarif_id,
          date_debut: row.date_debut,
          date_fin: row.date_fin,
          nombre_nuits: row.nombre_nuits,
          prix_nuitee_ht: row.prix_nuitee_ht,
          prix_petit_dejeuner_ht: row.prix_petit_dejeuner_ht,
          prix_dejeuner_ht: row.prix_dejeuner_ht,
          prix_diner_ht: row.prix_diner_ht,
          allotement: row.allotement,
          chambres_libres: row.chambres_libres,
        });
      }
      if (nights !== undefined)
        for (const type of types.values())
          type.couvre_periode = type.tarifs.reduce((sum, tarif) => sum + tarif.nombre_nuits, 0) === nights;
      return [...types.values()];
    },

    /**
     * The client's residents (not archived) matching every word of `search` (in nom, prenom or numero_dossier),
     * at most 50, each flagged `deja_heberge` when a non-cancelled night of theirs falls in the stay being booked,
     * [start_date, end_date) — the nights the one-bed-per-night rule (nuitees_pensionnaire_nuit_unique) would
     * refuse. No start_date: from today; no end_date: every night from then on. The contract must be the
     * client's (400); a period ending before it starts is 400.
     */
    async pensionnaires(
      clientId: number,
      contratId: number,
      query: PensionnairesSearchQuery,
    ): Promise<PensionnaireTrouve[]> {
      const [client] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, clientId), isNull(clients.archivedAt)));
      const [contrat] = await db
        .select({ clientId: contratsClients.clientId })
        .from(contratsClients)
        .where(eq(contratsClients.id, contratId));
      if (client === undefined || contrat === undefined) throw new NotFoundError();
      if (contrat.clientId !== clientId) throw new BadRequestError();
      if (query.start_date !== undefined && query.end_date !== undefined)
        assertPeriod(query.start_date, query.end_date);

      // A word without blanks is in « nom prénom nom » (nom_recherche) exactly when it is in the name or the first
      // name: one trigram index for both.
      const words = (query.search ?? '').trim().split(/\s+/).filter(Boolean);
      const matches = words.map((word) =>
        or(
          normalisedContains(pensionnaires.nomRecherche, word),
          containsText(pensionnaires.numeroDossier, word),
        ),
      );
      const from = query.start_date === undefined ? TODAY : sql`${query.start_date}::date`;
      const until = query.end_date === undefined ? sql`` : sql`and n.date_nuit < ${query.end_date}::date`;
      return db
        .select({
          id: pensionnaires.id,
          nom: pensionnaires.nom,
          prenom: pensionnaires.prenom,
          numero_dossier: pensionnaires.numeroDossier,
          date_naissance: pensionnaires.dateNaissance,
          sexe: pensionnaires.sexe,
          foyer_id: pensionnaires.foyerId,
          // Qualified by hand: in a one-table select Drizzle writes columns unqualified, and a bare "id"
          // would resolve to the night's own id inside the subquery.
          deja_heberge: sql<boolean>`exists (select 1 from nuitees n
            where n.pensionnaire_id = "pensionnaires"."id" and not n.annulee
              and n.date_nuit >= ${from} ${until})`.mapWith(Boolean),
        })
        .from(pensionnaires)
        .where(and(eq(pensionnaires.clientId, clientId), isNull(pensionnaires.archivedAt), ...matches))
        .orderBy(asc(pensionnaires.nom), asc(pensionnaires.prenom), asc(pensionnaires.id))
        .limit(MAX_PENSIONNAIRES_SEARCH);
    },
  };
}

export type ContratsSpecService = ReturnType<typeof createContratsSpecService>;
