/**
 * What each communication document says (docs/api.md « Communications »), built from the request and its stays as
 * they are when the document is generated (the PDF is a snapshot, stored with the communication):
 * - confirmation (to the client): the residents, the hotel and its address, dates, room type, rooms and meals;
 * - bon_hebergement (to the hotel): the same stay, who pays (client, contract), for the hotel's front desk;
 * - refus (to the client): the request and the reason;
 * - prolongation / annulation (to the client): each stay extended (old → new departure) or cancelled; the
 *   cancellation says which hotels were sent a notice of the released nights (hotel-notice-model.ts) and which
 *   could not be, never more;
 * - retablissement (to the client): the stays the cancellation request cancelled that « Rétablir » restored, and
 *   which hotels were sent a notice that the nights are booked again.
 */
import { sql } from 'drizzle-orm';
import {
  COMMUNICATION_TYPE_LABELS,
  DEMANDE_TYPE_LABELS,
  RESERVATION_STATUT_LABELS,
  type CommunicationType,
  type DemandeType,
  type ReservationStatut,
  DEMANDES_MESSAGES,
} from 'shared/contract';
import type { Executor } from '../../../db/client';
import { NotFoundError } from '../../../errors';
import { frenchDate } from '../../../lib/days';
import { rowsOf } from '../../../db/raw';
import { parisDayOf, TODAY } from '../../../db/today';
import type { DocumentModel } from './render-pdf';

interface DemandeData {
  id: number;
  type: DemandeType;
  reference_externe: string | null;
  date_debut: string;
  date_fin: string;
  nombre_personnes: number;
  motif_refus: string | null;
  referent_nom: string | null;
  referent_email: string | null;
  created_at_day: string;
  client_nom: string;
  client_adresse: string;
  client_code_postal: string;
  client_ville: string;
  client_email: string | null;
}

interface PersonData {
  nom: string;
  prenom: string;
  numero_dossier: string;
  date_naissance: string | null;
}

interface StayData {
  id: number;
  role: 'produite' | 'cible';
  id_reservation_mere: number;
  statut: ReservationStatut;
  nom: string;
  prenom: string;
  numero_dossier: string;
  date_naissance: string | null;
  date_debut: string;
  date_fin: string;
  chambre: string | null;
  type_chambre: string;
  petit_dejeuner: boolean;
  dejeuner: boolean;
  diner: boolean;
  etablissement_nom: string;
  etablissement_adresse: string;
  etablissement_code_postal: string;
  etablissement_ville: string;
  etablissement_telephone: string | null;
  etablissement_email: string | null;
  contrat_client: string;
  /** The departure of the stay this one extends (an extension), else null. */
  depart_precedent: string | null;
  /** The stay's extension reaches this departure (a targeted stay), else null. */
  depart_chaine: string;
}

/** A hotel notice of the request (`avis_etablissement`, `avis_retablissement`): to whom it went, if anyone. */
interface NoticeData {
  type_document: 'avis_etablissement' | 'avis_retablissement';
  etablissement_nom: string;
  destinataires: string[];
}

export interface DocumentData {
  demande: DemandeData;
  pensionnaires: PersonData[];
  sejours: StayData[];
  avis: NoticeData[];
  /** The stays this (cancellation) request cancelled that « Rétablir » restored since, still live. */
  retablis: StayData[];
  today: string;
}

export async function loadDocumentData(db: Executor, demandeId: number): Promise<DocumentData> {
  const [demande] = await rowsOf<DemandeData & { today: string }>(
    db,
    sql`select d.id, d.type, d.reference_externe, d.date_debut::text as date_debut, d.date_fin::text as date_fin,
        d.nombre_personnes, d.motif_refus, d.referent_nom, d.referent_email,
        ${parisDayOf(sql`d.created_at`)}::text as created_at_day,
        c.nom as client_nom, c.adresse as client_adresse, c.code_postal as client_code_postal,
        c.ville as client_ville, c.email as client_email,
        ${TODAY}::text as today
      from demandes_hebergement d join clients c on c.id = d.client_id where d.id = ${demandeId}`,
  );
  if (demande === undefined) throw new NotFoundError(DEMANDES_MESSAGES.notFound(demandeId));
  const pensionnaires = await rowsOf<PersonData>(
    db,
    sql`select p.nom, p.prenom, p.numero_dossier, p.date_naissance::text as date_naissance
      from demande_pensionnaires dp join pensionnaires p on p.id = dp.pensionnaire_id
      where dp.demande_id = ${demandeId} order by p.nom, p.prenom, p.id`,
  );
  const sejours = await rowsOf<StayData>(
    db,
    sql`with recursive l(id, role) as (
          select rc.reservation_id, 'cible' from demande_reservations_cibles rc where rc.demande_id = ${demandeId}
          union select rp.id, 'produite' from reservations rp where rp.demande_id = ${demandeId}),
        chaine(origine, id, date_fin) as (
          select r.id, r.id, r.date_fin from reservations r where r.id in (select id from l)
          union all
          select c.origine, x.id, x.date_fin from chaine c
          join reservations x on x.prolongation_de_id = c.id and x.statut <> 'annulee')
      select r.id, l.role, r.id_reservation_mere, r.statut, p.nom, p.prenom, p.numero_dossier,
        p.date_naissance::text as date_naissance, r.date_debut::text as date_debut, r.date_fin::text as date_fin,
        r.chambre, tc.libelle as type_chambre, r.petit_dejeuner, r.dejeuner, r.diner,
        e.nom as etablissement_nom, e.adresse as etablissement_adresse,
        e.code_postal as etablissement_code_postal, e.ville as etablissement_ville,
        e.telephone as etablissement_telephone, e.email as etablissement_email,
        cc.reference as contrat_client,
        (select x.date_fin::text from reservations x where x.id = r.prolongation_de_id) as depart_precedent,
        (select max(ch.date_fin)::text from chaine ch where ch.origine = r.id) as depart_chaine
      from l join reservations r on r.id = l.id
      join pensionnaires p on p.id = r.pensionnaire_id
      join types_chambre tc on tc.id = r.type_chambre_id
      join etablissements e on e.id = r.etablissement_id
      join contrats_clients cc on cc.id = r.contrat_client_id
      order by l.role desc, p.nom, p.prenom, r.date_debut, r.id`,
  );
  const avis = await rowsOf<NoticeData>(
    db,
    sql`select cm.type_document, e.nom as etablissement_nom, cm.destinataires from communications cm
      join etablissements e on e.id = cm.etablissement_id
      where cm.demande_id = ${demandeId} and cm.type_document in ('avis_etablissement', 'avis_retablissement')
      order by cm.id`,
  );
  const retablis = await rowsOf<StayData>(
    db,
    sql`select r.id, 'cible' as role, r.id_reservation_mere, r.statut, p.nom, p.prenom, p.numero_dossier,
        p.date_naissance::text as date_naissance, r.date_debut::text as date_debut, r.date_fin::text as date_fin,
        r.chambre, tc.libelle as type_chambre, r.petit_dejeuner, r.dejeuner, r.diner,
        e.nom as etablissement_nom, e.adresse as etablissement_adresse,
        e.code_postal as etablissement_code_postal, e.ville as etablissement_ville,
        e.telephone as etablissement_telephone, e.email as etablissement_email,
        cc.reference as contrat_client, null as depart_precedent, r.date_fin::text as depart_chaine
      from reservations r
      join pensionnaires p on p.id = r.pensionnaire_id
      join types_chambre tc on tc.id = r.type_chambre_id
      join etablissements e on e.id = r.etablissement_id
      join contrats_clients cc on cc.id = r.contrat_client_id
      where r.statut <> 'annulee' and r.id in (select l.reservation_id from liberations l
        where l.demande_id = ${demandeId} and l.retablie_at is not null)
      order by p.nom, p.prenom, r.date_debut, r.id`,
  );
  return { demande, pensionnaires, sejours, avis, retablis, today: demande.today };
}

const nights = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);

function meals(stay: Pick<StayData, 'petit_dejeuner' | 'dejeuner' | 'diner'>): string {
  const list = [
    stay.petit_dejeuner ? 'petit-déjeuner' : null,
    stay.dejeuner ? 'déjeuner' : null,
    stay.diner ? 'dîner' : null,
  ].filter((value): value is string => value !== null);
  if (list.length === 0) return 'Aucun repas';
  const text = list.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const distinct = (values: string[]) => [...new Set(values)];

function clientAddressee(d: DemandeData): string[] {
  return [
    ...(d.referent_nom ? [`À l’attention de ${d.referent_nom}`] : []),
    d.client_nom,
    d.client_adresse,
    `${d.client_code_postal} ${d.client_ville}`,
  ];
}

function reference(d: DemandeData): string {
  return `Demande n° ${d.id}${d.reference_externe ? ` — réf. client ${d.reference_externe}` : ''}`;
}

const birth = (value: string | null) => (value === null ? '—' : frenchDate(value));

/** The hotel block of the produced stays (one hotel per treatment). */
function hotelBlock(stays: StayData[]): DocumentModel['blocs'][number] {
  const first = stays[0];
  if (first === undefined) return { titre: 'Hébergement', lignes: [['Séjour', 'Aucun séjour lié']] };
  const start = stays.reduce((min, s) => (s.date_debut < min ? s.date_debut : min), first.date_debut);
  const end = stays.reduce((max, s) => (s.date_fin > max ? s.date_fin : max), first.date_fin);
  return {
    titre: 'Hébergement',
    lignes: [
      ['Établissement', first.etablissement_nom],
      [
        'Adresse',
        `${first.etablissement_adresse}, ${first.etablissement_code_postal} ${first.etablissement_ville}`,
      ],
      ...(first.etablissement_telephone
        ? ([['Téléphone', first.etablissement_telephone]] as [string, string][])
        : []),
      ['Arrivée', frenchDate(start)],
      ['Départ', frenchDate(end)],
      ['Nuits', String(nights(start, end))],
      ['Type de chambre', distinct(stays.map((s) => s.type_chambre)).join(', ')],
      [
        'Chambre(s)',
        distinct(stays.map((s) => s.chambre ?? ''))
          .filter(Boolean)
          .join(', ') || 'À attribuer par l’établissement',
      ],
      ['Repas', meals(first)],
      ['Réservation intégrale', distinct(stays.map((s) => `n° ${s.id_reservation_mere}`)).join(', ')],
    ],
  };
}

const names = (list: string[]) =>
  list.length > 1 ? `aux établissements ${list.join(', ')}` : `à l’établissement ${list[0] ?? ''}`;

/** The words of the letters about the hotels told of released nights, or of nights booked again. */
const TOLD = {
  avis_etablissement: {
    sent: 'Un avis de libération des chambres est adressé par courriel',
    untold: 'de la libération des chambres',
  },
  avis_retablissement: {
    sent: 'Un avis de rétablissement des chambres est adressé par courriel',
    untold: 'du rétablissement des chambres',
  },
} as const;

/**
 * What a letter may say of the hotels: those sent a notice of `type`, and those that could not be (no address).
 * Nothing when no such notice was made (nothing released, or booked again, by this request).
 */
function hotelsTold(all: NoticeData[], type: NoticeData['type_document']): string[] {
  const avis = all.filter((a) => a.type_document === type);
  const told = distinct(avis.filter((a) => a.destinataires.length > 0).map((a) => a.etablissement_nom));
  const untold = distinct(
    avis.filter((a) => a.destinataires.length === 0).map((a) => a.etablissement_nom),
  ).filter((nom) => !told.includes(nom));
  return [
    ...(told.length === 0 ? [] : [`${TOLD[type].sent} ${names(told)}.`]),
    ...untold.map(
      (nom) =>
        `L’établissement ${nom} n’a pas été informé par courriel ${TOLD[type].untold} : aucune adresse électronique n’est connue pour lui.`,
    ),
  ];
}

export interface BuiltDocument {
  model: DocumentModel;
  objet: string;
  fichier: string;
  /** Default recipients: the referent (or the client), the hotel for its voucher. */
  destinataires: string[];
}

/** Who a person is, the first columns of every table of people. */
const PERSON_COLUMNS = [
  { titre: 'Nom', largeur: 3 },
  { titre: 'Prénom', largeur: 3 },
  { titre: 'N° dossier', largeur: 2 },
  { titre: 'Né(e) le', largeur: 2 },
];
const personCells = (p: Pick<StayData, 'nom' | 'prenom' | 'numero_dossier' | 'date_naissance'>) => [
  p.nom,
  p.prenom,
  p.numero_dossier,
  birth(p.date_naissance),
];

/** The residents of the stays, one row each, for the documents that name who is housed. */
function residentsTable(stays: StayData[]): DocumentModel['tableau'] {
  return {
    titre: 'Personnes hébergées',
    colonnes: [...PERSON_COLUMNS, { titre: 'Réservation', largeur: 2 }, { titre: 'Chambre', largeur: 1.5 }],
    lignes: stays.map((s) => [...personCells(s), `n° ${s.id}`, s.chambre ?? '—']),
  };
}

/** A table of stays: the resident, the hotel and the stay's number, then the columns of the document's kind. */
function staysTable(
  titre: string,
  stays: StayData[],
  columns: { titre: string; value: (stay: StayData) => string }[],
): DocumentModel['tableau'] {
  return {
    titre,
    colonnes: [
      { titre: 'Pensionnaire', largeur: 4 },
      { titre: 'Établissement', largeur: 4 },
      { titre: 'Réservation', largeur: 2 },
      ...columns.map((column) => ({ titre: column.titre, largeur: 2 })),
    ],
    lignes: stays.map((s) => [
      `${s.prenom} ${s.nom}`,
      s.etablissement_nom,
      `n° ${s.id}`,
      ...columns.map((column) => column.value(s)),
    ]),
  };
}

/** The document of `type` for the request, or a 409-worthy reason when it cannot be made yet. */
export function buildDocument(type: CommunicationType, data: DocumentData): BuiltDocument | string {
  const { demande: d, today } = data;
  const produced = data.sejours.filter((s) => s.role === 'produite' && s.statut !== 'annulee');
  const targets = data.sejours.filter((s) => s.role === 'cible');
  /** Why a letter about booked stays cannot be made: none booked yet, or every one booked since cancelled. */
  const noStayBooked = (consequence: string) =>
    data.sejours.some((s) => s.role === 'produite')
      ? `Les séjours réservés pour cette demande ont tous été annulés : ${consequence}.`
      : `Aucun séjour n’a encore été réservé pour cette demande : ${consequence}.`;
  const clientEmail = d.referent_email ?? d.client_email;
  const base = {
    reference: reference(d),
    date: `Le ${frenchDate(today)}`,
  };
  const file = (kind: string) => `${kind}-demande-${d.id}.pdf`;
  const objet = (label: string) => `${label} — demande n° ${d.id}`;
  /** A letter to the client (or its referent): its title is the mail's subject. */
  const toClient = (
    titre: string,
    kind: string,
    content: Pick<DocumentModel, 'introduction' | 'blocs' | 'tableau' | 'mentions'>,
  ): BuiltDocument => ({
    model: { ...base, titre, destinataire: clientAddressee(d), ...content },
    objet: objet(titre),
    fichier: file(kind),
    destinataires: clientEmail ? [clientEmail] : [],
  });

  switch (type) {
    case 'confirmation': {
      if (d.type !== 'nouvelle' || produced.length === 0)
        return noStayBooked('la confirmation ne peut pas être établie');
      return toClient('Confirmation de prise en charge', 'confirmation', {
        introduction: `Suite à votre demande du ${frenchDate(d.created_at_day)}, nous vous confirmons l’hébergement des ${produced.length > 1 ? `${produced.length} personnes` : 'personne'} ci-dessous dans l’établissement indiqué.`,
        blocs: [hotelBlock(produced)],
        tableau: residentsTable(produced),
        mentions: [
          'L’établissement accueille les personnes à partir de 15 heures le jour de l’arrivée ; la chambre est libérée avant 11 heures le jour du départ.',
          'Toute prolongation ou annulation se demande auprès de la centrale, en rappelant le numéro de la demande.',
        ],
      });
    }
    case 'bon_hebergement': {
      const stays = d.type === 'nouvelle' ? produced : produced.filter((s) => s.depart_precedent !== null);
      const first = stays[0];
      if (first === undefined)
        return d.type === 'prolongation'
          ? 'Aucun séjour n’a encore été prolongé pour cette demande : le bon d’hébergement ne peut pas être établi.'
          : noStayBooked('le bon d’hébergement ne peut pas être établi');
      return {
        model: {
          ...base,
          titre: d.type === 'prolongation' ? 'Bon d’hébergement — prolongation' : 'Bon d’hébergement',
          destinataire: [
            'À l’attention de la réception',
            first.etablissement_nom,
            first.etablissement_adresse,
            `${first.etablissement_code_postal} ${first.etablissement_ville}`,
          ],
          introduction: `Merci d’accueillir les personnes ci-dessous pour le compte de ${d.client_nom}, aux dates et conditions indiquées. Les nuitées et les repas sont facturés à la centrale.`,
          blocs: [
            hotelBlock(stays),
            {
              titre: 'Facturation',
              lignes: [
                ['Client', d.client_nom],
                ['Contrat client', distinct(stays.map((s) => s.contrat_client)).join(', ')],
              ],
            },
          ],
          tableau: residentsTable(stays),
          mentions: ['Merci de signaler à la centrale toute absence ou tout départ anticipé.'],
        },
        objet: objet('Bon d’hébergement'),
        fichier: file('bon-hebergement'),
        destinataires: distinct(stays.map((s) => s.etablissement_email ?? '').filter(Boolean)),
      };
    }
    case 'refus': {
      if (d.motif_refus === null)
        return 'La demande n’est pas refusée : la lettre de refus ne peut pas être établie.';
      return toClient('Refus de la demande', 'refus', {
        introduction: `Nous sommes au regret de ne pouvoir donner suite à votre demande du ${frenchDate(d.created_at_day)}.`,
        blocs: [
          {
            titre: 'Demande',
            lignes: [
              ['Type', DEMANDE_TYPE_LABELS[d.type]],
              ['Période', `du ${frenchDate(d.date_debut)} au ${frenchDate(d.date_fin)}`],
              ['Personnes', String(d.nombre_personnes)],
            ],
          },
          { titre: 'Motif', lignes: [['Motif du refus', d.motif_refus]] },
        ],
        tableau: {
          titre: 'Personnes concernées',
          colonnes: PERSON_COLUMNS,
          lignes: data.pensionnaires.map(personCells),
        },
        mentions: ['Vous pouvez déposer une nouvelle demande à tout moment auprès de la centrale.'],
      });
    }
    case 'prolongation': {
      const extensions = produced.filter((s) => s.depart_precedent !== null);
      if (d.type !== 'prolongation' || extensions.length === 0)
        return 'Aucun séjour n’a encore été prolongé pour cette demande : la confirmation ne peut pas être établie.';
      return toClient('Confirmation de prolongation', 'prolongation', {
        introduction:
          'Nous vous confirmons la prolongation des séjours ci-dessous, dans le même établissement.',
        blocs: [],
        tableau: staysTable('Séjours prolongés', extensions, [
          { titre: 'Départ prévu', value: (s) => frenchDate(s.depart_precedent ?? s.date_debut) },
          { titre: 'Nouveau départ', value: (s) => frenchDate(s.date_fin) },
        ]),
        mentions: ['Les conditions du séjour initial (chambre, repas) sont reconduites.'],
      });
    }
    case 'annulation': {
      const cancelled = targets.filter(
        (s) => s.statut === 'annulee' || s.depart_chaine <= d.date_debut || s.date_fin <= d.date_debut,
      );
      if (d.type !== 'annulation' || cancelled.length === 0)
        return 'Aucun séjour n’a encore été annulé pour cette demande : la confirmation ne peut pas être établie.';
      return toClient('Confirmation d’annulation', 'annulation', {
        introduction: `Nous vous confirmons l’annulation des séjours ci-dessous à compter du ${frenchDate(d.date_debut)}. Les nuits passées restent dues.`,
        blocs: [],
        tableau: staysTable('Séjours annulés', cancelled, [
          { titre: 'Arrivée', value: (s) => frenchDate(s.date_debut) },
          { titre: 'Départ', value: (s) => frenchDate(s.date_fin) },
          { titre: 'Statut', value: (s) => RESERVATION_STATUT_LABELS[s.statut] },
        ]),
        mentions: hotelsTold(data.avis, 'avis_etablissement'),
      });
    }
    case 'retablissement': {
      if (d.type !== 'annulation' || data.retablis.length === 0)
        return 'Aucun séjour annulé pour cette demande n’a été rétabli : le courrier de rétablissement ne peut pas être établi.';
      return toClient('Rétablissement de séjour', 'retablissement', {
        introduction: `Les séjours ci-dessous, annulés à la suite de votre demande d’annulation du ${frenchDate(d.created_at_day)}, sont rétablis : les personnes restent hébergées aux dates indiquées, dans les mêmes conditions.`,
        blocs: [],
        tableau: staysTable('Séjours rétablis', data.retablis, [
          { titre: 'Arrivée', value: (s) => frenchDate(s.date_debut) },
          { titre: 'Départ', value: (s) => frenchDate(s.date_fin) },
          { titre: 'Statut', value: (s) => RESERVATION_STATUT_LABELS[s.statut] },
        ]),
        mentions: hotelsTold(data.avis, 'avis_retablissement'),
      });
    }
    case 'avis_etablissement':
      return 'L’avis de libération est établi par l’annulation, le départ anticipé ou le no-show qui libère les nuits.';
    case 'avis_retablissement':
      return 'L’avis de rétablissement est établi par le rétablissement qui réserve de nouveau les nuits.';
    case 'autre':
      return `Le document « ${COMMUNICATION_TYPE_LABELS.autre} » n’est pas généré par l’application.`;
  }
}
