import {
  DUREE_TRANCHES,
  FLUX_PAIEMENT_LABELS,
  MOIS_MESURES,
  type CaLigne,
  type CaTotaux,
  type MoisLigne,
  type PaxLigne,
  type StatsCaAnswer,
  type StatsMoisAnswer,
  type StatsPaxAnswer,
  type StatsPeriode,
  type StatsQuery,
} from '../../contract';
import { fromCents } from '../../format/money';
import { seedClients, seedEtablissements, seedTypesChambre } from '../referentiel/fixtures';

/**
 * Believable statistics for standalone mode and the component tests, computed from the query alone (no store):
 * a centre housing ~300 people a night, seasonal (more in winter), growing ~6 % a year, over the seed clients and
 * hotels. Deterministic: the same query gives the same figures, and a month's figures do not depend on the period.
 */

const monthIndex = (mois: string) => Number(mois.slice(0, 4)) * 12 + Number(mois.slice(5, 7)) - 1;
const monthOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
export const addMockMonths = (mois: string, offset: number) => monthOf(monthIndex(mois) + offset);

function monthsOf(debut: string, fin: string): string[] {
  const months: string[] = [];
  for (let index = monthIndex(debut); index <= monthIndex(fin); index++) months.push(monthOf(index));
  return months;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (mois: string) => {
  const year = Number(mois.slice(0, 4));
  const month = Number(mois.slice(5, 7));
  return month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : DAYS[month - 1]!;
};

/** Share of each client / hotel (a client filter keeps its share, the others drop out). */
const weights = (count: number) =>
  Array.from({ length: count }, (_, i) => (count - i) / ((count * (count + 1)) / 2));
const CLIENTS = seedClients.slice(0, 5);
const HOTELS = seedEtablissements.slice(0, 6);
const CLIENT_WEIGHTS = weights(CLIENTS.length);
const HOTEL_WEIGHTS = weights(HOTELS.length);

function share(query: StatsQuery): number {
  let result = 1;
  if (query.clientId !== undefined) {
    const index = CLIENTS.findIndex((c) => c.id === query.clientId);
    result *= index < 0 ? 0 : CLIENT_WEIGHTS[index]!;
  }
  if (query.etablissementId !== undefined) {
    const index = HOTELS.findIndex((h) => h.id === query.etablissementId);
    result *= index < 0 ? 0 : HOTEL_WEIGHTS[index]!;
  }
  return result;
}

/** Occupied beds a night in a month, for the whole centre (nothing before 2023). */
function nightsOfMonth(mois: string): number {
  const index = monthIndex(mois);
  if (index < 2023 * 12) return 0;
  const month = index % 12;
  const season = 1 + 0.12 * Math.cos(((month - 0.5) / 12) * 2 * Math.PI);
  const growth = 1 + 0.06 * ((index - 2025 * 12) / 12);
  return Math.round(300 * season * growth * daysIn(mois));
}

interface MonthFigures {
  pax: number;
  reservations: number;
  nuitees: number;
  arrivees: number;
  departs: number;
  chambresOccupees: number;
  chambresContractees: number;
}

function monthFigures(mois: string, part: number): MonthFigures {
  const nuitees = Math.round(nightsOfMonth(mois) * part);
  const pax = Math.round(nuitees / 24);
  const arrivees = Math.round(pax * 0.31);
  return {
    pax,
    reservations: Math.round(pax * 1.15),
    nuitees,
    arrivees,
    departs: Math.round(arrivees * 0.96),
    chambresOccupees: Math.round(nuitees * 0.62),
    chambresContractees: Math.round(nightsOfMonth(mois) * 0.7 * (part > 0 ? 1 : 0)),
  };
}

const periodeOf = (query: StatsQuery): StatsPeriode => ({
  debut: query.debut,
  fin: query.fin,
  dateDebut: `${query.debut}-01`,
  dateFin: `${addMockMonths(query.fin, 1)}-01`,
});

const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;

export function mockStatsMois(query: StatsQuery): StatsMoisAnswer {
  const part = share(query);
  return {
    periode: periodeOf(query),
    mois: monthsOf(query.debut, query.fin).map((mois): MoisLigne => {
      const moisPrecedent = addMockMonths(mois, -12);
      const current = monthFigures(mois, part);
      const previous = monthFigures(moisPrecedent, part);
      const line: Record<string, unknown> = { mois, moisPrecedent };
      for (const mesure of MOIS_MESURES) {
        line[mesure] = current[mesure];
        line[`${mesure}Precedent`] = previous[mesure];
      }
      line.tauxOccupation = percent(current.chambresOccupees, current.chambresContractees);
      line.tauxOccupationPrecedent = percent(previous.chambresOccupees, previous.chambresContractees);
      return line as MoisLigne;
    }),
  };
}

function periodTotals(query: StatsQuery): MonthFigures {
  const totals = {
    pax: 0,
    reservations: 0,
    nuitees: 0,
    arrivees: 0,
    departs: 0,
    chambresOccupees: 0,
    chambresContractees: 0,
  };
  const months = monthsOf(query.debut, query.fin);
  for (const mois of months) {
    const figures = monthFigures(mois, share(query));
    for (const key of Object.keys(totals) as (keyof MonthFigures)[]) totals[key] += figures[key];
  }
  // People stay ~24 nights: over several months most of them are the same people.
  totals.pax = Math.round(totals.pax / Math.max(1, Math.sqrt(months.length)));
  totals.reservations = Math.round(totals.reservations / Math.max(1, Math.sqrt(months.length)));
  return totals;
}

function split<T extends { id: number; nom: string }>(
  items: readonly T[],
  itemWeights: readonly number[],
  totals: MonthFigures,
  selected: number | undefined,
  libelle: (item: T) => string,
): PaxLigne[] {
  const kept = items
    .map((item, index) => ({ item, weight: itemWeights[index]! }))
    .filter(({ item }) => selected === undefined || item.id === selected);
  const sum = kept.reduce((total, { weight }) => total + weight, 0);
  return kept
    .map(({ item, weight }) => {
      const w = sum === 0 ? 0 : weight / sum;
      return {
        id: item.id,
        libelle: libelle(item),
        pax: Math.round(totals.pax * w),
        reservations: Math.round(totals.reservations * w),
        nuitees: Math.round(totals.nuitees * w),
        arrivees: Math.round(totals.arrivees * w),
        departs: Math.round(totals.departs * w),
      };
    })
    .filter((line) => line.nuitees > 0);
}

export function mockStatsPax(query: StatsQuery): StatsPaxAnswer {
  const totals = periodTotals(query);
  const hotelName = (h: (typeof HOTELS)[number]) => `${h.nom} (${h.ville})`;
  const empty = totals.nuitees === 0;
  const typeShares = [0.46, 0.3, 0.18, 0.06];
  const foyerShares = [0.38, 0.2, 0.18, 0.12, 0.07, 0.05];
  const dureeShares = [0.22, 0.18, 0.24, 0.22, 0.09, 0.05];
  return {
    periode: periodeOf(query),
    totaux: {
      pax: totals.pax,
      reservations: totals.reservations,
      nuitees: totals.nuitees,
      arrivees: totals.arrivees,
      departs: totals.departs,
      sejours: Math.round(totals.reservations * 0.82),
      dureeMoyenne: empty ? 0 : 38.4,
    },
    parClient: split(CLIENTS, CLIENT_WEIGHTS, totals, query.clientId, (c) => c.nom),
    parEtablissement: split(HOTELS, HOTEL_WEIGHTS, totals, query.etablissementId, hotelName),
    parTypeChambre: empty
      ? []
      : seedTypesChambre.slice(0, 4).map((t, i) => ({
          id: t.id,
          libelle: t.libelle,
          pax: Math.round(totals.pax * typeShares[i]!),
          reservations: Math.round(totals.reservations * typeShares[i]!),
          nuitees: Math.round(totals.nuitees * typeShares[i]!),
        })),
    parTailleFoyer: foyerShares.map((s, i) => {
      const taille = i + 1;
      const pax = Math.round(totals.pax * s);
      return {
        taille,
        libelle: taille === 1 ? '1 personne' : taille === 6 ? '6 personnes et plus' : `${taille} personnes`,
        foyers: Math.round(pax / taille),
        pax,
        nuitees: Math.round(totals.nuitees * s),
      };
    }),
    durees: DUREE_TRANCHES.map((d, i) => ({
      tranche: d.tranche,
      libelle: d.libelle,
      sejours: Math.round(totals.reservations * 0.82 * dureeShares[i]!),
      nuitees: Math.round(totals.nuitees * dureeShares[i]!),
    })),
    occupation: empty
      ? []
      : split(HOTELS, HOTEL_WEIGHTS, totals, query.etablissementId, hotelName).map((line, i) => {
          const contractees = Math.round(line.nuitees * (0.78 + 0.05 * i));
          const occupees = Math.round(contractees * (0.93 - 0.07 * i));
          return {
            id: line.id,
            libelle: line.libelle,
            chambresOccupees: occupees,
            chambresContractees: contractees,
            taux: percent(occupees, contractees),
          };
        }),
  };
}

const cents = (value: number) => fromCents(Math.round(value * 100));

function caOf(nuitees: number): CaTotaux {
  const venteHt = nuitees * 43.7;
  const tva = venteHt * 0.1;
  const achatHt = nuitees * 31.2;
  const reelles = Math.round(nuitees * 0.94);
  return {
    nuitees,
    nuiteesReelles: reelles,
    venteHt: cents(venteHt),
    tva: cents(tva),
    venteTtc: cents(venteHt + tva),
    achatHt: cents(achatHt),
    margeHt: cents(venteHt - achatHt),
    venteHtReelle: cents(reelles * 43.7),
    venteTtcReelle: cents(reelles * 43.7 * 1.1),
  };
}

export function mockStatsCa(query: StatsQuery): StatsCaAnswer {
  const totals = periodTotals(query);
  const pax = mockStatsPax(query);
  const line = (l: PaxLigne): CaLigne => ({ id: l.id, libelle: l.libelle, ...caOf(l.nuitees) });
  const paiement = (flux: 'paf' | 'caf', rate: number) => {
    const nights = Math.round(totals.nuitees * (flux === 'paf' ? 0.35 : 0.22));
    const paye = Math.round(nights * 0.71);
    const aVerifier = Math.round(nights * 0.09);
    return {
      flux,
      libelle: FLUX_PAIEMENT_LABELS[flux],
      payeNuitees: paye,
      payeMontant: cents(paye * rate),
      nonPayeNuitees: nights - paye - aVerifier,
      nonPayeMontant: cents((nights - paye - aVerifier) * rate),
      aVerifierNuitees: aVerifier,
      aVerifierMontant: cents(aVerifier * rate),
    };
  };
  return {
    periode: periodeOf(query),
    totaux: caOf(totals.nuitees),
    parMois: monthsOf(query.debut, query.fin).map((mois) => ({
      mois,
      ...caOf(monthFigures(mois, share(query)).nuitees),
    })),
    parClient: pax.parClient.map(line),
    parEtablissement: pax.parEtablissement.map(line),
    paiements: [paiement('paf', 3), paiement('caf', 5)],
  };
}
