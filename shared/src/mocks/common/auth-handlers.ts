import { http, type RequestHandler } from 'msw';
import { AUTH_PATHS, type LoginBody, type SignupBody } from '../../contract';
import { AUTH_MESSAGES, COMMON_MESSAGES } from '../messages';
import { api, claimsOf, fail, json, readJson } from './http';
import { mockToken, mockUsers } from './users';

function userOf(request: Request) {
  const claims = claimsOf(request);
  return claims ? (mockUsers.find((user) => String(user.id) === claims.sub) ?? null) : null;
}

/** Login, sign-up, logout and the current user: the same mocks serve standalone remotes and component tests. */
export const authHandlers: RequestHandler[] = [
  http.post(api(AUTH_PATHS.login), async ({ request }) => {
    const body = (await readJson(request)) as LoginBody;
    const user = mockUsers.find((u) => u.email === body.email.toLowerCase() && u.password === body.password);
    if (!user) return fail(401, AUTH_MESSAGES.invalidCredentials);
    const token = mockToken({
      sub: String(user.id),
      role: user.role,
      name: `${user.prenom} ${user.nom}`,
      email: user.email,
    });
    return json(200, { token, message: AUTH_MESSAGES.welcome(user.prenom) });
  }),
  http.post(api(AUTH_PATHS.signup), async ({ request }) => {
    const body = (await readJson(request)) as SignupBody;
    if (mockUsers.some((u) => u.email === body.email.toLowerCase()))
      return fail(409, AUTH_MESSAGES.emailTaken);
    return json(201, { message: AUTH_MESSAGES.signedUp });
  }),
  // The mock tokens are not signed, so there is nothing to revoke: the answer is the API's.
  http.post(api(AUTH_PATHS.logout), ({ request }) =>
    userOf(request)
      ? json(200, { message: AUTH_MESSAGES.loggedOut })
      : fail(401, COMMON_MESSAGES.unauthorized),
  ),
  http.get(api(AUTH_PATHS.me), ({ request }) => {
    const user = userOf(request);
    if (!user) return fail(401, COMMON_MESSAGES.unauthorized);
    const { password: _password, ...publicUser } = user;
    return json(200, publicUser);
  }),
];
