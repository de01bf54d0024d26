/**
 * The hotel notices (docs/domain.md « Documents »): the « Avis de libération de chambres » of what a cancellation, an
 * early departure or a no-show releases at one hotel — the stays, their residents and rooms, the nights released and
 * why — and the « Avis de rétablissement de chambres » when « Rétablir » books those nights again, both under the
 * booking centre's reference (the request, the réservation intégrale). One builder for both; the layout is every
 * document's (render-pdf.ts).
 */
import { sql } from 'drizzle-orm';
import { TYPE_LIBERATION_LABELS, type TypeLiberation } from 'shared/contract';
import type { Executor } from '../../../db/client';
import { rowsOf } from '../../../db/raw';
import { frenchDate } from '../../../lib/days';
import type { BuiltDocument } from './document-model';

/** Why nights are released: the three actions that inform the hotel. */
export type MotifLiberation = TypeLiberation;

export const MOTIF_LIBERATION_LABELS: Record<MotifLiberation, string> = TYPE_LIBERATION_LABELS;
/** The table's column is narrow: the short label. */
const MOTIF_COURT: Record<MotifLiberation, string> = {
  annulation: 'Annulation',
  depart_anticipe: 'Départ anticipé',
  no_show: 'No-show',
};

/** A notice of nights released, or of nights released then booked again by « Rétablir ». */
export type NoticeKind = 'liberation' | 'retablissement';

/**
 * One stay's released nights, as the action that released them reports it — or, for a restoration, the nights
 * booked again, `motif` being what is undone and `departPrevu` the departure the stay gets back.
 */
export interface Liberation {
  reservationId: number;
  motif: MotifLiberation;
  /** The nights released ('YYYY-MM-DD'), in order; an empty list releases nothing. */
  nuits: string[];
  /** The departure planned before the action. */
  departPrevu: string;
}

export interface NoticeStay {
  id: number;
  id_reservation_mere: number;
  demande_id: number | null;
  nom: string;
  prenom: string;
  numero_dossier: string;
  date_debut: string;
  date_fin: string;
  chambre: string | null;
  type_chambre: string;
  client_nom: string;
  etablissement_id: number;
  etablissement_nom: string;
  etablissement_adresse: string;
  etablissement_code_postal: string;
  etablissement_ville: string;
  etablissement_email: string | null;
}

/** The stays of the liberations with their resident, room type, client and hotel, by resident name. */
export function loadNoticeStays(db: Executor, ids: number[]): Promise<NoticeStay[]> {
  return rowsOf<NoticeStay>(
    db,
    sql`select r.id, r.id_reservation_mere, r.demande_id, p.nom, p.prenom, p.numero_dossier,
        r.date_debut::text as date_debut, r.date_fin::text as date_fin, r.chambre, tc.libelle as type_chambre,
        c.nom as client_nom, e.id as etablissement_id, e.nom as etablissement_nom,
        e.adresse as etablissement_adresse, e.code_postal as etablissement_code_postal,
        e.ville as etablissement_ville, nullif(trim(e.email), '') as etablissement_email
      from reservations r
      join pensionnaires p on p.id = r.pensionnaire_id
      join types_chambre tc on tc.id = r.type_chambre_id
      join clients c on c.id = r.client_id
      join etablissements e on e.id = r.etablissement_id
      where r.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by p.nom, p.prenom, r.date_debut, r.id`,
  );
}

const distinct = <T>(values: T[]) => [...new Set(values)];
const count = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

/** « Réf. centrale : demande n° 12 — réservation intégrale n° 34 » */
export function noticeReference(demandeId: number | null, stays: NoticeStay[]): string {
  const meres = distinct(stays.map((s) => s.id_reservation_mere)).sort((a, b) => a - b);
  return [
    'Réf. centrale :',
    [
      ...(demandeId === null ? [] : [`demande n° ${demandeId}`]),
      `réservation${meres.length > 1 ? 's intégrales' : ' intégrale'} n° ${meres.join(', ')}`,
    ].join(' — '),
  ].join(' ');
}

/** What differs between the two notices: title, words and columns. */
const NOTICE_TEXTS: Record<
  NoticeKind,
  {
    titre: string;
    fichier: string;
    introduction: (client: string) => string;
    bloc: string;
    motif: string;
    nuits: string;
    premiere: string;
    colonneMotif: string;
    mentions: string[];
  }
> = {
  liberation: {
    titre: 'Avis de libération de chambres',
    fichier: 'avis-liberation',
    introduction: (client) =>
      `Nous vous informons que les nuits indiquées ci-dessous, réservées par la centrale pour le compte de ` +
      `${client}, sont libérées : elles ne seront pas occupées par les personnes nommées. Vous ` +
      `pouvez disposer des chambres à partir des dates indiquées.`,
    bloc: 'Libération',
    motif: 'Motif',
    nuits: 'Nuits libérées',
    premiere: 'Libre dès le',
    colonneMotif: 'Motif',
    mentions: [
      'Les nuits antérieures à la libération restent dues dans les conditions du contrat.',
      'Pour toute question, contactez la centrale en rappelant la référence ci-dessus.',
    ],
  },
  retablissement: {
    titre: 'Avis de rétablissement de chambres',
    fichier: 'avis-retablissement',
    introduction: (client) =>
      `Nous vous informons que les nuits indiquées ci-dessous, réservées par la centrale pour le compte de ` +
      `${client}, que notre avis de libération vous disait libérées, sont de nouveau réservées : les ` +
      `personnes nommées occuperont les chambres aux dates indiquées. Merci de ne plus en disposer.`,
    bloc: 'Rétablissement',
    motif: 'Libération annulée',
    nuits: 'Nuits de nouveau réservées',
    premiere: 'Réservée dès le',
    colonneMotif: 'Annule',
    mentions: [
      'Cet avis annule, pour ces séjours et ces nuits, l’avis de libération de chambres envoyé précédemment.',
      'Pour toute question, contactez la centrale en rappelant la référence ci-dessus.',
    ],
  },
};

/**
 * The notice to one hotel about its stays (`stays`, all of that hotel) released by `liberations` — or booked again,
 * `kind` « retablissement »; `demandeId` is the request the notice belongs to, when there is one. Its recipient is
 * the hotel's e-mail address, if known.
 */
export function buildHotelNotice(
  stays: NoticeStay[],
  liberations: Liberation[],
  demandeId: number | null,
  today: string,
  kind: NoticeKind = 'liberation',
): BuiltDocument {
  const first = stays[0];
  if (first === undefined) throw new Error('hotel notice without stays');
  const texts = NOTICE_TEXTS[kind];
  const of = new Map(liberations.map((l) => [l.reservationId, l]));
  const rows = stays.flatMap((s) => {
    const l = of.get(s.id);
    return l === undefined || l.nuits.length === 0 ? [] : [{ stay: s, liberation: l }];
  });
  const motifs = distinct(rows.map((r) => r.liberation.motif));
  const nights = rows.reduce((sum, r) => sum + r.liberation.nuits.length, 0);
  const reference = noticeReference(demandeId, stays);
  const meres = distinct(stays.map((s) => s.id_reservation_mere)).sort((a, b) => a - b);
  return {
    model: {
      titre: texts.titre,
      reference,
      date: `Le ${frenchDate(today)}`,
      destinataire: [
        'À l’attention de la réception',
        first.etablissement_nom,
        first.etablissement_adresse,
        `${first.etablissement_code_postal} ${first.etablissement_ville}`,
      ],
      introduction: texts.introduction(first.client_nom),
      blocs: [
        {
          titre: texts.bloc,
          lignes: [
            [texts.motif, motifs.map((m) => MOTIF_LIBERATION_LABELS[m]).join(', ')],
            [texts.nuits, count(nights, 'nuit')],
            ['Séjours concernés', String(rows.length)],
            ['Client', first.client_nom],
          ],
        },
      ],
      tableau: {
        titre: 'Séjours concernés',
        colonnes: [
          { titre: 'Pensionnaire', largeur: 3.4 },
          { titre: 'Réservation', largeur: 1.7 },
          { titre: 'Chambre', largeur: 1.5 },
          { titre: 'Départ prévu', largeur: 2 },
          { titre: texts.premiere, largeur: 2 },
          { titre: 'Nuits', largeur: 1 },
          { titre: texts.colonneMotif, largeur: 2.2 },
        ],
        lignes: rows.map(({ stay, liberation }) => [
          `${stay.prenom} ${stay.nom}`,
          `n° ${stay.id}`,
          stay.chambre ?? stay.type_chambre,
          frenchDate(liberation.departPrevu),
          frenchDate(liberation.nuits[0] ?? liberation.departPrevu),
          String(liberation.nuits.length),
          MOTIF_COURT[liberation.motif],
        ]),
      },
      mentions: texts.mentions,
    },
    objet: `${texts.titre} — ${first.etablissement_nom} — ${reference.replace('Réf. centrale : ', '')}`,
    fichier: `${texts.fichier}-${demandeId === null ? `reservation-${meres[0]}` : `demande-${demandeId}`}-etablissement-${first.etablissement_id}.pdf`,
    destinataires: first.etablissement_email === null ? [] : [first.etablissement_email],
  };
}
