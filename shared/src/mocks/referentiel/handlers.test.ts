import { beforeEach, describe, expect, it } from 'vitest';
import { mockToken } from '../common/users';
import { resetReferentielMocks } from './handlers';

const ADMIN = mockToken();
const AGENT = mockToken({ sub: '2', role: 'agent', name: 'Julien Bernard', email: 'agent@ebas3.fr' });

/** One call to the mocked API, as the browser would make it. */
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  options: { token?: string | null; body?: unknown } = {},
) {
  const token = options.token === undefined ? ADMIN : options.token;
  const response = await fetch(`${window.location.origin}/api${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const names = (body: Record<string, unknown>) => (body.data as { nom: string }[]).map((row) => row.nom);

const newHotel = {
  nom: 'Hôtel Bon Accueil',
  groupeId: 2,
  adresse: '3 rue Vaubecour',
  codePostal: '69002',
  ville: 'Lyon',
  telephone: null,
  email: null,
  nombreChambres: 12,
  notes: null,
};

beforeEach(() => resetReferentielMocks());

describe('reference-data mocks', () => {
  it('list like the API: active rows sorted by name, column search as a case-insensitive substring', async () => {
    const all = await call('GET', '/etablissements?page=1&pageSize=20');
    expect(all.body.total).toBe(8);
    expect(names(all.body)[0]).toBe('Auberge du Vieux-Port');
    const marseille = await call('GET', '/etablissements?page=1&pageSize=20&ville=MARS');
    expect(names(marseille.body)).toEqual(['Auberge du Vieux-Port', 'Hôtel Saint-Charles']);
    // Case and accents aside, both ways, as the API.
    for (const nom of ['hotel saint', 'HÔTEL SAINT', 'hötèl saint'])
      expect(names((await call('GET', `/etablissements?nom=${encodeURIComponent(nom)}`)).body), nom).toEqual([
        'Hôtel Saint-Charles',
      ]);
    expect(names((await call('GET', '/groupes-etablissements?nom=mediterranee')).body)).toEqual([
      'Résidences Méditerranée',
    ]);
    const archived = await call('GET', '/etablissements?page=1&pageSize=20&archived=true');
    expect(names(archived.body)).toEqual(['Hôtel des Voyageurs']);
    expect((await call('GET', '/etablissements?telephone=04')).status).toBe(400);
  });

  it('let an agent PATCH a resident’s contact details and name, and refuse the other fields (403)', async () => {
    const corrected = await call('PATCH', '/pensionnaires/6', {
      token: AGENT,
      body: { telephone: '06 12 34 56 78', nom: 'Petitt' },
    });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data).toMatchObject({ telephone: '06 12 34 56 78', nom: 'Petitt', sexe: 'F' });
    expect(await call('PATCH', '/pensionnaires/6', { token: AGENT, body: { sexe: 'M' } })).toEqual({
      status: 403,
      body: {
        message:
          'Seul un administrateur peut modifier le sexe d’un pensionnaire. Un agent peut corriger le nom, ' +
          'le prénom, la date de naissance, le téléphone, l’e-mail et les notes.',
      },
    });
    expect((await call('PATCH', '/pensionnaires/6', { token: AGENT, body: {} })).body.message).toBe(
      'Indiquez au moins un champ à modifier.',
    );
    expect((await call('PATCH', '/pensionnaires/6', { body: { sexe: 'X' } })).status).toBe(200);
  });

  it('refuse a contract’s line as the API does, naming its field in `champ`', async () => {
    const contract = (await call('GET', '/contrats-clients/1')).body;
    const lignes = (contract.lignes as Record<string, unknown>[]).map(
      ({ typeChambreLibelle: _t, etablissementNom: _e, utilisee: _u, ...line }) => line,
    );
    const body = {
      clientId: 1,
      reference: 'CC-2025-CD94',
      dateDebut: '2025-01-01',
      dateFin: '2026-01-01',
      modeTarification: 'par_chambre',
      tauxTvaNuitee: '10.00',
      tauxTvaRepas: '10.00',
    };
    const outside = await call('PUT', '/contrats-clients/1', {
      body: { ...body, lignes: [lignes[0], { ...lignes[1], dateFin: '2026-02-01' }] },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.champ).toBe('lignes.1.dateFin');
    const overlapping = await call('PUT', '/contrats-clients/1', {
      body: { ...body, lignes: [lignes[0], { ...lignes[0], id: undefined, dateDebut: '2025-06-01' }] },
    });
    expect(overlapping.body).toMatchObject({ champ: 'lignes.1.dateDebut' });
    expect(overlapping.body.message).toMatch(/^Les lignes de tarif n° 1 et n° 2 .* se chevauchent/);
    const invalid = await call('PUT', '/contrats-clients/1', {
      body: { ...body, lignes: [{ ...lignes[0], prixNuiteeHt: '1.234' }] },
    });
    expect(invalid.body).toEqual({
      message: 'Le champ lignes.0.prixNuiteeHt est invalide.',
      champ: 'lignes.0.prixNuiteeHt',
    });
    const saved = await call('PUT', '/contrats-clients/1', {
      body: { ...body, montantPafJour: '3.5', lignes: [{ ...lignes[0], prixNuiteeHt: '52' }] },
    });
    expect(saved.body.data).toMatchObject({ montantPafJour: '3.50', lignes: [{ prixNuiteeHt: '52.00' }] });
  });

  it('let everybody read, only administrators write (403), nobody without a token (401)', async () => {
    expect((await call('GET', '/clients/2', { token: AGENT })).body).toMatchObject({
      nom: 'Association Le Relais Solidaire',
    });
    expect(await call('POST', '/etablissements', { token: AGENT, body: newHotel })).toEqual({
      status: 403,
      body: { message: "Vous n'êtes pas autorisé à accéder à cette ressource." },
    });
    expect((await call('PUT', '/clients/5/archive', { token: AGENT })).status).toBe(403);
    expect((await call('GET', '/clients', { token: null })).status).toBe(401);
    expect((await call('GET', '/users?page=1&pageSize=20', { token: AGENT })).status).toBe(403);
  });

  it('create with the contract schema: 201 with the message, then 400 and 409 as the API answers', async () => {
    const created = await call('POST', '/etablissements', { body: newHotel });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe("L'établissement « Hôtel Bon Accueil » a été créé.");
    expect(created.body.data).toMatchObject({ ...newHotel, id: 10, archivedAt: null });
    expect((await call('GET', '/etablissements/10')).body).toMatchObject({ nom: 'Hôtel Bon Accueil' });

    const invalid = await call('POST', '/etablissements', { body: { ...newHotel, codePostal: '6902' } });
    expect(invalid).toEqual({ status: 400, body: { message: 'Le champ codePostal est invalide.' } });
    const unknown = await call('POST', '/etablissements', { body: { ...newHotel, etoiles: 3 } });
    expect(unknown.body.message).toBe("Le champ « etoiles » n'est pas autorisé.");
    const missing = await call('POST', '/groupes-clients', { body: {} });
    expect(missing.body.message).toBe('Le champ nom est obligatoire.');
    const archivedGroup = await call('POST', '/etablissements', {
      body: { ...newHotel, nom: 'Autre', groupeId: 4 },
    });
    expect(archivedGroup).toEqual({
      status: 400,
      body: { message: "Le groupe d'établissements indiqué n'existe pas ou est archivé." },
    });
    const duplicate = await call('POST', '/etablissements', {
      body: { ...newHotel, nom: 'HÔTEL BON ACCUEIL', ville: 'lyon' },
    });
    expect(duplicate).toEqual({
      status: 409,
      body: { message: 'Un établissement porte déjà ce nom dans cette ville.' },
    });
  });

  it('refuse to archive what active records still use (409), archive and restore the rest', async () => {
    expect(await call('PUT', '/clients/1/archive')).toEqual({
      status: 409,
      body: { message: 'Ce client a encore des pensionnaires actifs : archivez-les d’abord.' },
    });
    expect((await call('PUT', '/groupes-etablissements/2/archive')).status).toBe(409);
    const archived = await call('PUT', '/clients/5/archive');
    expect(archived.body.message).toBe('Le client « Transports Rhodaniens » a été archivé.');
    expect((await call('PUT', '/clients/5/archive')).status).toBe(409);
    expect((await call('PUT', '/clients/5', { body: { nom: 'X' } })).status).toBe(409);
    expect((await call('PUT', '/clients/5/restore')).body.message).toBe(
      'Le client « Transports Rhodaniens » a été restauré.',
    );
    expect((await call('GET', '/pensionnaires/999')).body.message).toBe('Pensionnaire introuvable.');
  });

  it('serve the users screen: sorted pages, activation, no self-deactivation', async () => {
    const page = await call('GET', '/users?page=1&pageSize=2');
    expect(page.body.total).toBe(5);
    expect((page.body.users as { nom: string }[]).map((user) => user.nom)).toEqual(['Bernard', 'Girard']);
    expect((await call('PUT', '/users/3/activation', { body: { active: true } })).body.message).toBe(
      'Le compte de Sophie Lefebvre a été activé.',
    );
    expect((await call('PUT', '/users/1/activation', { body: { active: false } })).status).toBe(400);
    expect((await call('GET', '/users?page=1&pageSize=101')).status).toBe(400);
  });

  it('start again from the seeds after resetReferentielMocks()', async () => {
    await call('POST', '/etablissements', { body: newHotel });
    await call('PUT', '/users/3/activation', { body: { active: true } });
    resetReferentielMocks();
    expect((await call('GET', '/etablissements?nom=bon%20accueil')).body.total).toBe(0);
    const users = (await call('GET', '/users?page=1&pageSize=20')).body.users as {
      id: number;
      active: boolean;
    }[];
    expect(users.find((user) => user.id === 3)?.active).toBe(false);
  });
});
