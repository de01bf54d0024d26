import {
  COMMUNICATIONS_PAR_TYPE,
  DEMANDE_STATUTS,
  DEMANDE_TYPES,
  NON_TRANSMIS_SANS_SMTP,
  type Communication,
  type Courriel,
  type DemandeDetail,
  type DemandeItem,
  type DemandeStatut,
  type DemandeType,
} from '../../contract';
import { seedEtablissements, seedPensionnaires } from '../referentiel/fixtures';
import { mockDay } from '../reservations/list-fixtures';
import { staysOf } from './stays';

/**
 * Request seeds of the mocks: 36 requests, every kind × state, from three clients, dated around today, with their
 * residents, wishes, communications and linked stays (stays.ts). Seeds only: the store copies them (`freshDemandes()`).
 */

/** The first three clients of the referentiel mocks (their contracts let the « Traiter » assistant book). */
const CLIENTS = [
  { id: 1, nom: 'Conseil départemental du Val-de-Marne', email: 'hebergement.urgence@departement94.fr' },
  { id: 2, nom: 'Association Le Relais Solidaire', email: 'n.haddad@relais-solidaire.org' },
  { id: 3, nom: 'CCAS de Villeurbanne', email: 'hebergement@ccas-villeurbanne.fr' },
];
const ROTATION = 9;

/** A minimal valid PDF (one empty page), what GET /demande/communication/:id answers in the mocks. */
export const MOCK_PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

/** The sender of every mock e-mail (api/src/plugins/mail.ts DEFAULT_MAIL_FROM). */
export const MOCK_EXPEDITEUR = 'EBAS3 — Centrale d’hébergement <ne-pas-repondre@ebas3.local>';

/** The text an e-mail carries with a document (api/src/modules/communications/communication-service.ts). */
export const mockMailText = (objet: string) =>
  `Bonjour,\n\nVeuillez trouver ci-joint le document « ${objet} ».\n\n` +
  `Pour toute question, répondez à la centrale en rappelant le numéro de la demande.\n\n` +
  `Cordialement,\nLa centrale d’hébergement EBAS3`;

/** A voucher goes to the hotel: none when it has no e-mail address (hotels 4, 6 and 8 of the referentiel mocks). */
export function voucherRecipients(etablissementId: number): string[] {
  const email = seedEtablissements.find((h) => h.id === etablissementId)?.email;
  return email ? [email] : [];
}

/**
 * The outbox's e-mails about no request: a password-reset link, confidential (its text and attachments are never
 * shown, as GET /courriels/:id does).
 */
export function freshOtherCourriels(): Courriel[] {
  return [
    {
      id: 1,
      statut: 'non_transmis',
      transport: 'boite_locale',
      expediteur: MOCK_EXPEDITEUR,
      destinataires: ['agent@ebas3.fr'],
      objet: 'Réinitialisation de votre mot de passe EBAS3',
      tentatives: 1,
      derniere_erreur: NON_TRANSMIS_SANS_SMTP,
      envoye_at: null,
      communication_id: null,
      pieces_jointes: [],
      confidentiel: true,
      created_at: `${mockDay(-2)}T07:00:00.000Z`,
    },
  ];
}

function communicationsOf(
  id: number,
  type: DemandeType,
  statut: DemandeStatut,
  email: string,
): Communication[] {
  if (statut === 'a_traiter' || statut === 'annulee') return [];
  const kinds =
    statut === 'refusee' ? (['refus'] as const) : COMMUNICATIONS_PAR_TYPE[type].filter((k) => k !== 'refus');
  return kinds.map((kind, index) => ({
    id: id * 10 + index,
    demande_id: id,
    pensionnaire_id: null,
    type_document: kind,
    objet: `Demande n° ${id} — ${kind === 'bon_hebergement' ? "bon d'hébergement" : kind}`,
    // Vouchers of every other request are for a hotel without an address (the send dialog asks for one).
    destinataires: kind === 'bon_hebergement' ? voucherRecipients(id % 2 === 0 ? 4 : 1) : [email],
    // One request in four had its first document fail (the outbox shows it with « Renvoyer »).
    statut: index === 0 ? (id % 4 === 0 ? 'echec' : 'envoyee') : 'preparee',
    tentatives: index === 0 ? 1 : 0,
    derniere_erreur:
      index === 0 && id % 4 === 0
        ? "Échec de l'envoi : serveur SMTP injoignable (connect ECONNREFUSED 10.0.0.25:25)."
        : null,
    envoye_at: index === 0 && id % 4 !== 0 ? `${mockDay(-1)}T09:30:00.000Z` : null,
    document_nom: `demande-${id}-${kind}.pdf`,
    created_at: `${mockDay(-1)}T09:00:00.000Z`,
    created_by: 'Agent Démo',
  }));
}

export function freshDemandes(): DemandeDetail[] {
  const rows: DemandeDetail[] = [];
  let id = 500;
  DEMANDE_TYPES.forEach((type, t) => {
    DEMANDE_STATUTS.forEach((statut, s) => {
      for (let k = 0; k < (statut === 'a_traiter' ? 4 : 2); k += 1) {
        id += 1;
        const client = CLIENTS[(t + s + k) % CLIENTS.length]!;
        const n = (t * 7 + s * 3 + k) % ROTATION;
        const pool = seedPensionnaires.filter((p) => p.clientId === client.id && p.archivedAt === null);
        const residents = [0, 1].slice(0, Math.min(pool.length, 1 + (k % 2))).map((j) => {
          const p = pool[(n + j) % pool.length]!;
          return {
            id: p.id,
            nom: p.nom,
            prenom: p.prenom,
            numero_dossier: p.numeroDossier,
            date_naissance: p.dateNaissance,
            sexe: p.sexe,
            foyer_id: p.foyerId,
          };
        });
        const age = (s * 2 + k) % 9;
        // A cancellation request runs from its cancellation date to its targets' last departure, as the API
        // records it (saisie/create-demande.ts).
        const start =
          type === 'nouvelle' ? mockDay(3 + k) : type === 'prolongation' ? mockDay(-5) : mockDay(2);
        const end =
          type === 'nouvelle' ? mockDay(10 + k) : type === 'prolongation' ? mockDay(12) : mockDay(10);
        rows.push({
          id,
          type,
          statut,
          origine: k % 3 === 2 ? 'api' : 'saisie',
          urgente: k === 0 && s < 2,
          client_id: client.id,
          client_nom: client.nom,
          client_email: client.email,
          date_debut: start,
          date_fin: end,
          nombre_personnes: residents.length,
          pensionnaires: residents,
          referent_nom: 'Mme Leroy',
          referent_email: `referent.${client.id}@example.fr`,
          referent_telephone: '04 78 00 00 00',
          reference_externe: k % 3 === 2 ? `EXT-${id}` : null,
          nombre_reservations:
            statut === 'traitee' ? residents.length : type === 'nouvelle' ? 0 : residents.length,
          created_at: `${mockDay(-age)}T08:15:00.000Z`,
          age_jours: age,
          foyer: null,
          souhaits: {
            ville: null,
            etablissement: null,
            type_chambre: null,
            petit_dejeuner: true,
            dejeuner: false,
            diner: k % 2 === 0,
            accessibilite_pmr: false,
            remarques: k === 1 ? 'Rez-de-chaussée si possible.' : null,
          },
          motif_refus: statut === 'refusee' ? 'Plus de disponibilité dans la ville demandée.' : null,
          cibles: [],
          reservations: [],
          communications: communicationsOf(id, type, statut, `referent.${client.id}@example.fr`),
          historique: [],
          actions: {
            traiter: false,
            refuser: false,
            prolonger: false,
            confirmer_annulation: false,
            synchroniser: true,
          },
          created_by: 'Agent Démo',
          updated_at: `${mockDay(-age)}T08:15:00.000Z`,
        });
      }
    });
  });
  // The last two of the four requests à traiter of each kind (one resident, then two) had a targeted stay cancelled.
  return rows.map((row, index) => {
    const k =
      row.statut === 'a_traiter'
        ? index - rows.findIndex((r) => r.type === row.type && r.statut === 'a_traiter')
        : 0;
    return withActions({ ...row, ...staysOf(row, k >= 2) });
  });
}

/** The actions the request's kind and state allow (as the API computes them). */
export function withActions(demande: DemandeDetail): DemandeDetail {
  const open = demande.statut === 'a_traiter' || demande.statut === 'en_cours';
  return {
    ...demande,
    actions: {
      traiter: open && demande.type === 'nouvelle',
      refuser: open,
      prolonger: open && demande.type === 'prolongation',
      confirmer_annulation: open && demande.type === 'annulation',
      synchroniser: demande.statut !== 'refusee' && demande.statut !== 'annulee',
    },
  };
}

/** The list item of a request. */
export function itemOf(demande: DemandeDetail): DemandeItem {
  return {
    id: demande.id,
    type: demande.type,
    statut: demande.statut,
    origine: demande.origine,
    urgente: demande.urgente,
    client_id: demande.client_id,
    client_nom: demande.client_nom,
    date_debut: demande.date_debut,
    date_fin: demande.date_fin,
    nombre_personnes: demande.nombre_personnes,
    pensionnaires: demande.pensionnaires.slice(0, 5).map(({ id, nom, prenom }) => ({ id, nom, prenom })),
    referent_nom: demande.referent_nom,
    reference_externe: demande.reference_externe,
    nombre_reservations: demande.nombre_reservations,
    created_at: demande.created_at,
    age_jours: demande.age_jours,
  };
}
