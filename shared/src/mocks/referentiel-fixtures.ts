import type { Client, CurrentUser, Etablissement, Groupe, Pensionnaire, TypeChambre } from '../contract';
import { mockUsers } from './fixtures';

/**
 * Reference data of the mocks: a booking centre placing residents of French public bodies and associations in
 * hotels. Seeds only: `referentiel-handlers.ts` copies them into the rows it serves, and `resetReferentielMocks()`
 * puts them back between tests.
 */

const meta = (id: number, createdAt: string, archivedAt: string | null = null) => ({
  id,
  createdAt: `${createdAt}T09:30:00.000Z`,
  updatedAt: `${archivedAt ?? createdAt}T09:30:00.000Z`,
  archivedAt: archivedAt === null ? null : `${archivedAt}T09:30:00.000Z`,
});

export const seedGroupesEtablissements: Groupe[] = [
  { ...meta(1, '2024-01-15'), nom: 'Hôtels Solidaires Île-de-France' },
  { ...meta(2, '2024-02-03'), nom: 'Groupe Hôtelier du Rhône' },
  { ...meta(3, '2024-03-21'), nom: 'Résidences Méditerranée' },
  { ...meta(4, '2023-11-10', '2025-06-30'), nom: 'Réseau Hôtelier Normand' },
];

type EtablissementFields = Omit<Etablissement, 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>;
const hotel = (
  id: number,
  createdAt: string,
  fields: Partial<EtablissementFields> &
    Pick<EtablissementFields, 'nom' | 'adresse' | 'codePostal' | 'ville'>,
  archivedAt: string | null = null,
): Etablissement => ({
  ...meta(id, createdAt, archivedAt),
  groupeId: null,
  telephone: null,
  email: null,
  nombreChambres: null,
  notes: null,
  ...fields,
});

export const seedEtablissements: Etablissement[] = [
  hotel(1, '2024-01-20', {
    nom: 'Hôtel du Parc',
    groupeId: 2,
    adresse: '12 rue de Créqui',
    codePostal: '69006',
    ville: 'Lyon',
    telephone: '04 78 52 14 30',
    email: 'contact@hotelduparc-lyon.fr',
    nombreChambres: 42,
  }),
  hotel(2, '2024-02-11', {
    nom: 'Résidence Les Tilleuls',
    groupeId: 2,
    adresse: '85 cours Émile-Zola',
    codePostal: '69100',
    ville: 'Villeurbanne',
    telephone: '04 72 44 18 90',
    email: 'accueil@residence-tilleuls.fr',
    nombreChambres: 28,
  }),
  hotel(3, '2024-02-26', {
    nom: "Hôtel de la Gare de l'Est",
    groupeId: 1,
    adresse: "9 rue d'Alsace",
    codePostal: '75010',
    ville: 'Paris',
    telephone: '01 42 05 33 71',
    email: 'reservation@hotelgare-est.fr',
    nombreChambres: 65,
  }),
  hotel(4, '2024-03-04', {
    nom: 'Hôtel Bellevue',
    groupeId: 1,
    adresse: '4 avenue du Général-de-Gaulle',
    codePostal: '94000',
    ville: 'Créteil',
    telephone: '01 48 99 20 15',
    nombreChambres: 36,
  }),
  hotel(5, '2024-04-12', {
    nom: 'Hôtel Saint-Charles',
    groupeId: 3,
    adresse: "27 boulevard d'Athènes",
    codePostal: '13001',
    ville: 'Marseille',
    telephone: '04 91 50 62 84',
    email: 'contact@hotel-saint-charles.fr',
    nombreChambres: 50,
  }),
  hotel(6, '2024-05-07', {
    nom: 'Hôtel Les Mimosas',
    groupeId: 3,
    adresse: '18 rue Pastorelli',
    codePostal: '06000',
    ville: 'Nice',
    telephone: '04 93 85 41 27',
    nombreChambres: 24,
  }),
  hotel(7, '2024-06-18', {
    nom: 'Hôtel Lafayette',
    adresse: '51 rue Faidherbe',
    codePostal: '59800',
    ville: 'Lille',
    telephone: '03 20 06 44 12',
    email: 'bonjour@hotel-lafayette-lille.fr',
    nombreChambres: 31,
    notes: "Accès de plain-pied par l'entrée rue Jean-Roisin ; ascenseur jusqu'au 4e étage.",
  }),
  hotel(8, '2024-09-02', {
    nom: 'Auberge du Vieux-Port',
    groupeId: 3,
    adresse: '3 quai de Rive-Neuve',
    codePostal: '13007',
    ville: 'Marseille',
    nombreChambres: 18,
  }),
  hotel(
    9,
    '2023-11-12',
    {
      nom: 'Hôtel des Voyageurs',
      groupeId: 4,
      adresse: "22 rue Jeanne-d'Arc",
      codePostal: '76000',
      ville: 'Rouen',
      telephone: '02 35 71 08 64',
      nombreChambres: 20,
    },
    '2025-06-15',
  ),
];

export const seedTypesChambre: TypeChambre[] = [
  { ...meta(1, '2024-01-10'), libelle: 'Simple', capacite: 1, description: 'Une personne, lit simple.' },
  {
    ...meta(2, '2024-01-10'),
    libelle: 'Double',
    capacite: 2,
    description: 'Lit double ou deux lits simples.',
  },
  {
    ...meta(3, '2024-01-10'),
    libelle: 'Familiale',
    capacite: 4,
    description: "Un lit double et deux lits simples, salle d'eau privative.",
  },
  {
    ...meta(4, '2024-01-10'),
    libelle: 'PMR',
    capacite: 2,
    description: "Accessible aux personnes à mobilité réduite, salle d'eau adaptée.",
  },
];

export const seedGroupesClients: Groupe[] = [
  { ...meta(1, '2024-01-12'), nom: "Collectivités d'Île-de-France" },
  { ...meta(2, '2024-01-12'), nom: 'Réseau associatif Rhône-Alpes' },
  { ...meta(3, '2024-02-19'), nom: 'Établissements de santé Sud' },
];

type ClientFields = Omit<Client, 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>;
const client = (
  id: number,
  createdAt: string,
  fields: Partial<ClientFields> & Pick<ClientFields, 'nom' | 'type' | 'adresse' | 'codePostal' | 'ville'>,
  archivedAt: string | null = null,
): Client => ({
  ...meta(id, createdAt, archivedAt),
  groupeId: null,
  siret: null,
  contactNom: null,
  email: null,
  telephone: null,
  ...fields,
});

export const seedClients: Client[] = [
  client(1, '2024-01-22', {
    nom: 'Conseil départemental du Val-de-Marne',
    type: 'collectivite',
    groupeId: 1,
    siret: '22940028800010',
    adresse: '21-29 avenue du Général-de-Gaulle',
    codePostal: '94000',
    ville: 'Créteil',
    contactNom: "Service de l'hébergement d'urgence",
    email: 'hebergement.urgence@departement94.fr',
    telephone: '01 43 99 70 00',
  }),
  client(2, '2024-02-05', {
    nom: 'Association Le Relais Solidaire',
    type: 'association',
    groupeId: 2,
    siret: '44306184100047',
    adresse: '14 rue Sébastien-Gryphe',
    codePostal: '69007',
    ville: 'Lyon',
    contactNom: 'Nadia Haddad',
    email: 'n.haddad@relais-solidaire.org',
    telephone: '04 78 61 22 40',
  }),
  client(3, '2024-02-14', {
    nom: 'CCAS de Villeurbanne',
    type: 'etablissement_public',
    groupeId: 2,
    adresse: 'Place Lazare-Goujon',
    codePostal: '69100',
    ville: 'Villeurbanne',
    contactNom: 'Marc Olivier',
    telephone: '04 78 03 67 67',
  }),
  client(4, '2024-03-08', {
    nom: 'Centre hospitalier Nord-Marseille',
    type: 'etablissement_public',
    groupeId: 3,
    siret: '26130006500019',
    adresse: 'Chemin des Bourrely',
    codePostal: '13015',
    ville: 'Marseille',
    contactNom: 'Service social',
    email: 'service.social@ch-nord-marseille.fr',
  }),
  client(5, '2024-05-27', {
    nom: 'Transports Rhodaniens',
    type: 'entreprise',
    siret: '81234567800021',
    adresse: '7 avenue Jean-Jaurès',
    codePostal: '69200',
    ville: 'Vénissieux',
    contactNom: 'Paul Garnier',
    email: 'rh@transports-rhodaniens.fr',
  }),
  client(6, '2024-07-01', {
    nom: 'Ville de Nice – Direction des solidarités',
    type: 'collectivite',
    adresse: "5 rue de l'Hôtel-de-Ville",
    codePostal: '06000',
    ville: 'Nice',
    telephone: '04 97 13 20 00',
  }),
  client(7, '2024-10-15', {
    nom: 'Fondation Toit pour Tous',
    type: 'autre',
    adresse: '40 rue de Béthune',
    codePostal: '59000',
    ville: 'Lille',
    contactNom: 'Claire Vasseur',
  }),
  client(
    8,
    '2023-09-04',
    {
      nom: 'Association Horizon 93',
      type: 'association',
      adresse: '2 place du Caquet',
      codePostal: '93200',
      ville: 'Saint-Denis',
    },
    '2025-03-31',
  ),
];

type PensionnaireFields = Omit<Pensionnaire, 'id' | 'createdAt' | 'updatedAt' | 'archivedAt'>;
const resident = (
  id: number,
  createdAt: string,
  fields: Partial<PensionnaireFields> &
    Pick<PensionnaireFields, 'clientId' | 'nom' | 'prenom' | 'sexe' | 'numeroDossier'>,
  archivedAt: string | null = null,
): Pensionnaire => ({
  ...meta(id, createdAt, archivedAt),
  foyerId: null,
  dateNaissance: null,
  telephone: null,
  email: null,
  notes: null,
  ...fields,
});

export const seedPensionnaires: Pensionnaire[] = [
  resident(1, '2024-02-01', {
    clientId: 1,
    nom: 'Dupont',
    prenom: 'Marie',
    sexe: 'F',
    dateNaissance: '1958-03-14',
    numeroDossier: 'VDM-2024-0153',
    telephone: '06 12 45 78 90',
  }),
  resident(2, '2024-02-09', {
    clientId: 1,
    nom: 'Benali',
    prenom: 'Karim',
    sexe: 'M',
    dateNaissance: '1987-11-02',
    numeroDossier: 'VDM-2024-0188',
  }),
  resident(3, '2024-02-20', {
    clientId: 2,
    nom: 'Nguyen',
    prenom: 'Thi Lan',
    sexe: 'F',
    dateNaissance: '1992-06-25',
    numeroDossier: 'RS-24-017',
    notes: 'Parle vietnamien et anglais.',
  }),
  resident(4, '2024-03-02', {
    clientId: 2,
    nom: 'Martin',
    prenom: 'Lucas',
    sexe: 'M',
    dateNaissance: '2001-01-09',
    numeroDossier: 'RS-24-022',
  }),
  resident(5, '2024-03-15', {
    clientId: 3,
    nom: 'Diallo',
    prenom: 'Aminata',
    sexe: 'F',
    dateNaissance: '1979-09-30',
    numeroDossier: 'CCAS-0412',
  }),
  resident(6, '2024-04-03', {
    clientId: 4,
    nom: 'Petit',
    prenom: 'Jeanne',
    sexe: 'F',
    dateNaissance: '1941-12-05',
    numeroDossier: 'CHN-2025-031',
    notes: 'Mobilité réduite : chambre PMR au rez-de-chaussée.',
  }),
  resident(7, '2024-04-11', {
    clientId: 4,
    nom: 'Rousseau',
    prenom: 'Hugo',
    sexe: 'M',
    dateNaissance: '1995-04-18',
    numeroDossier: 'CHN-2025-044',
  }),
  resident(8, '2024-07-08', {
    clientId: 6,
    nom: 'Kowalski',
    prenom: 'Anna',
    sexe: 'F',
    dateNaissance: '1983-07-22',
    numeroDossier: 'NICE-2025-009',
    email: 'anna.kowalski@example.org',
  }),
  resident(9, '2024-10-21', {
    clientId: 7,
    nom: 'Traoré',
    prenom: 'Moussa',
    sexe: 'M',
    dateNaissance: '1990-02-11',
    numeroDossier: 'FTT-118',
  }),
  resident(10, '2025-01-06', {
    clientId: 2,
    nom: 'Lambert',
    prenom: 'Alex',
    sexe: 'X',
    dateNaissance: '2003-10-27',
    numeroDossier: 'RS-25-003',
  }),
  resident(
    11,
    '2024-03-20',
    {
      clientId: 3,
      nom: 'Girard',
      prenom: 'Paul',
      sexe: 'M',
      dateNaissance: '1966-05-06',
      numeroDossier: 'CCAS-0377',
    },
    '2025-02-28',
  ),
];

/** Accounts of the users screen: the two demo logins, plus sign-ups waiting for an administrator. */
export const seedUsers: CurrentUser[] = [
  ...mockUsers.map(({ password: _password, ...user }) => user),
  {
    id: 3,
    email: 'sophie.lefebvre@ebas3.fr',
    nom: 'Lefebvre',
    prenom: 'Sophie',
    role: 'agent',
    active: false,
  },
  { id: 4, email: 'thomas.moreau@ebas3.fr', nom: 'Moreau', prenom: 'Thomas', role: 'agent', active: false },
  { id: 5, email: 'lea.girard@ebas3.fr', nom: 'Girard', prenom: 'Léa', role: 'agent', active: true },
];
