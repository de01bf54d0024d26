/**
 * Test data created through the product's own API (as an administrator would through the screens), so a browser
 * test starts from a known, isolated world: its own hotel, room type, client, contracts and residents, whatever
 * the demo data holds.
 */
import {
  addDays,
  parisToday,
  COMMUNICATION_PATHS,
  CONTRATS_PATHS,
  REFERENTIEL_PATHS,
  RESERVATIONS_PATHS,
  type Courriel,
  type CourrielListAnswer,
} from 'shared/contract';
import { now } from './clock';

export class ApiSession {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
  ) {}

  static async login(baseUrl: string, email: string, password: string): Promise<ApiSession> {
    const response = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!response.ok) throw new Error(`Connexion API refusée : ${response.status} ${await response.text()}`);
    return new ApiSession(baseUrl, ((await response.json()) as { token: string }).token);
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

/**
 * The newest e-mail of the outbox that `matches`, among the last five (the product keeps what it sends there when no
 * SMTP_URL is set); undefined when none does.
 */
export async function keptEmail(
  api: ApiSession,
  matches: (courriel: Courriel) => boolean,
): Promise<Courriel | undefined> {
  const outbox = await api.call<CourrielListAnswer>(
    'GET',
    `${COMMUNICATION_PATHS.courriels}?page=1&pageSize=5`,
  );
  return outbox.data.find(matches);
}

/** 'YYYY-MM-DD' of today in Europe/Paris (the API's "today") plus `days`. */
export const parisDay = (days = 0): string => addDays(parisToday(now()), days);

/** 'DD/MM/YYYY' as the screens show and take dates. */
export const frenchDate = (day: string) => day.split('-').reverse().join('/');

export interface BookingWorld {
  suffix: string;
  hotel: { id: number; nom: string };
  roomType: { id: number; libelle: string };
  client: { id: number; nom: string };
  contratClient: { id: number; reference: string };
  contratEtablissement: { id: number; reference: string };
  residents: { id: number; nom: string; prenom: string }[];
}

type Created = { data: { id: number } };

/** A hotel and a client with active contracts over [today − 30, today + 365) and `residents` residents. */
export async function createBookingWorld(
  api: ApiSession,
  residents: { nom: string; prenom: string }[],
): Promise<BookingWorld> {
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const from = parisDay(-30);
  const to = parisDay(365);
  const hotelNom = `Hôtel Essai Résa ${suffix}`;
  const hotel = await api.call<Created>('POST', REFERENTIEL_PATHS.etablissements, {
    nom: hotelNom,
    adresse: '8 quai Saint-Vincent',
    codePostal: '69001',
    ville: 'Lyon',
    nombreChambres: 40,
  });
  const libelle = `Double essai ${suffix}`;
  const roomType = await api.call<Created>('POST', REFERENTIEL_PATHS.typesChambre, { libelle, capacite: 2 });
  const clientNom = `Association Essai Résa ${suffix}`;
  const client = await api.call<Created>('POST', REFERENTIEL_PATHS.clients, {
    nom: clientNom,
    type: 'association',
    adresse: '3 rue de la République',
    codePostal: '69001',
    ville: 'Lyon',
  });
  const header = {
    dateDebut: from,
    dateFin: to,
    modeTarification: 'par_personne',
    tauxTvaNuitee: '10',
    tauxTvaRepas: '10',
  };
  const line = { typeChambreId: roomType.data.id, dateDebut: from, dateFin: to };
  const venteRef = `CV-E2E-${suffix}`;
  const vente = await api.call<Created>('POST', CONTRATS_PATHS.contratsClients, {
    ...header,
    reference: venteRef,
    clientId: client.data.id,
    montantPafJour: '3.50',
    montantCafJour: '12.00',
    lignes: [{ ...line, prixNuiteeHt: '72.00', prixPetitDejeunerHt: '6.50' }],
  });
  const achatRef = `CE-E2E-${suffix}`;
  const achat = await api.call<Created>('POST', CONTRATS_PATHS.contratsEtablissement, {
    ...header,
    reference: achatRef,
    etablissementId: hotel.data.id,
    lignes: [{ ...line, prixNuiteeHt: '58.00', prixPetitDejeunerHt: '5.00', allotement: 10 }],
  });
  for (const [path, id] of [
    [CONTRATS_PATHS.contratsClients, vente.data.id],
    [CONTRATS_PATHS.contratsEtablissement, achat.data.id],
  ] as const) {
    await api.call('PUT', `${path}/${id}/statut`, { statut: 'actif' });
  }
  const people = [];
  for (const [index, resident] of residents.entries()) {
    const created = await api.call<Created>('POST', REFERENTIEL_PATHS.pensionnaires, {
      ...resident,
      clientId: client.data.id,
      sexe: 'X',
      numeroDossier: `E2E-${suffix}-${index + 1}`,
    });
    people.push({ id: created.data.id, ...resident });
  }
  return {
    suffix,
    hotel: { id: hotel.data.id, nom: hotelNom },
    roomType: { id: roomType.data.id, libelle },
    client: { id: client.data.id, nom: clientNom },
    contratClient: { id: vente.data.id, reference: venteRef },
    contratEtablissement: { id: achat.data.id, reference: achatRef },
    residents: people,
  };
}

/** Books residents of the world through POST /reservations/add; returns the full reservation's id. */
export async function bookThroughApi(
  api: ApiSession,
  world: BookingWorld,
  pensionnaireIds: number[],
  startDate: string,
  endDate: string,
  options: { confirmer?: boolean } = {},
): Promise<number> {
  const answer = await api.call<{ id_reservation_mere: number }>('POST', RESERVATIONS_PATHS.add, {
    client_id: world.client.id,
    contrat_client_id: world.contratClient.id,
    etablissement_id: world.hotel.id,
    contrat_etablissement_id: world.contratEtablissement.id,
    type_chambre_id: world.roomType.id,
    pensionnaire_ids: pensionnaireIds,
    start_date: startDate,
    end_date: endDate,
    petit_dejeuner: true,
    status_paf: true,
    confirmer: options.confirmer ?? true,
  });
  return answer.id_reservation_mere;
}
