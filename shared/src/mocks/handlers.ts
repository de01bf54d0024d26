import { http, HttpResponse, type RequestHandler } from 'msw';
import { AUTH_PATHS, type LoginBody, type SignupBody } from '../contract';
import { decodeToken } from '../auth/decode-token';
import { mockToken, mockUsers } from './fixtures';
import { MOCK_API } from './mock-api';
import { bookingHandlers } from './booking-handlers';
import { referentielHandlers } from './referentiel-handlers';
import { reservationDetailHandlers } from './reservation-detail-handlers';
import { reservationListHandlers } from './reservations-handlers';

export { MOCK_API };

function userOf(request: Request) {
  const header = request.headers.get('Authorization') ?? '';
  try {
    const claims = decodeToken(header.replace(/^Bearer /, ''));
    return mockUsers.find((user) => String(user.id) === claims.sub) ?? null;
  } catch {
    return null;
  }
}

/** Auth handlers: the same mocks serve standalone remotes and component tests. */
export const authHandlers: RequestHandler[] = [
  http.post(`${MOCK_API}${AUTH_PATHS.login}`, async ({ request }) => {
    const body = (await request.json()) as LoginBody;
    const user = mockUsers.find((u) => u.email === body.email.toLowerCase() && u.password === body.password);
    if (!user)
      return HttpResponse.json({ message: 'Adresse e-mail ou mot de passe incorrect.' }, { status: 401 });
    const token = mockToken({
      sub: String(user.id),
      role: user.role,
      name: `${user.prenom} ${user.nom}`,
      email: user.email,
    });
    return HttpResponse.json({ token, message: `Bienvenue, ${user.prenom} !` });
  }),
  http.post(`${MOCK_API}${AUTH_PATHS.signup}`, async ({ request }) => {
    const body = (await request.json()) as SignupBody;
    if (mockUsers.some((u) => u.email === body.email.toLowerCase())) {
      return HttpResponse.json(
        { message: 'Un compte existe déjà avec cette adresse e-mail.' },
        { status: 409 },
      );
    }
    return HttpResponse.json(
      {
        message: "Votre compte a été créé. Un administrateur doit l'activer avant votre première connexion.",
      },
      { status: 201 },
    );
  }),
  http.get(`${MOCK_API}${AUTH_PATHS.me}`, ({ request }) => {
    const user = userOf(request);
    if (!user) return HttpResponse.json({ message: 'Authentification requise.' }, { status: 401 });
    const { password: _password, ...publicUser } = user;
    return HttpResponse.json(publicUser);
  }),
];

/** Every mock handler; features add theirs here as their issues land. */
export const handlers: RequestHandler[] = [
  ...authHandlers,
  ...referentielHandlers,
  ...reservationListHandlers,
  ...reservationDetailHandlers,
  ...bookingHandlers,
];
