import { http, type RequestHandler } from 'msw';
import {
  AUTH_MESSAGES,
  COMMON_MESSAGES,
  RESET_MESSAGES,
  AUTH_PATHS,
  ChangePasswordBody,
  ForgotPasswordBody,
  ResetPasswordBody,
  type LoginBody,
  type SignupBody,
} from '../../contract';
import { api, claimsOf, fail, json, readJson, validBody } from './http';
import { MOCK_RESET_TOKEN, mockToken, mockUsers } from './users';

function userOf(request: Request) {
  const claims = claimsOf(request);
  return claims ? (mockUsers.find((user) => String(user.id) === claims.sub) ?? null) : null;
}

const tokenOf = (user: (typeof mockUsers)[number]) =>
  mockToken({
    sub: String(user.id),
    role: user.role,
    name: `${user.prenom} ${user.nom}`,
    email: user.email,
  });

/**
 * Login, sign-up, logout, the current user, the password change and the forgotten password: the same mocks serve
 * standalone remotes and component tests. The mock accounts never change (a new password is not kept).
 */
export const authHandlers: RequestHandler[] = [
  http.post(api(AUTH_PATHS.login), async ({ request }) => {
    const body = (await readJson(request)) as LoginBody;
    const user = mockUsers.find((u) => u.email === body.email.toLowerCase() && u.password === body.password);
    if (!user) return fail(401, AUTH_MESSAGES.invalidCredentials);
    return json(200, { token: tokenOf(user), message: AUTH_MESSAGES.welcome(user.prenom) });
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
  http.post(api(AUTH_PATHS.logoutAll), ({ request }) =>
    userOf(request)
      ? json(200, { message: AUTH_MESSAGES.loggedOutEverywhere })
      : fail(401, COMMON_MESSAGES.unauthorized),
  ),
  http.put(api(AUTH_PATHS.password), async ({ request }) => {
    const user = userOf(request);
    if (!user) return fail(401, COMMON_MESSAGES.unauthorized);
    const body = await validBody<ChangePasswordBody>(request, ChangePasswordBody);
    if (body instanceof Response) return body;
    if (body.currentPassword !== user.password) return fail(400, AUTH_MESSAGES.wrongCurrentPassword);
    if (body.password === body.currentPassword) return fail(400, AUTH_MESSAGES.samePassword);
    return json(200, { message: AUTH_MESSAGES.passwordChanged, token: tokenOf(user) });
  }),
  http.post(api(AUTH_PATHS.forgotPassword), async ({ request }) => {
    const body = await validBody<ForgotPasswordBody>(request, ForgotPasswordBody);
    return body instanceof Response ? body : json(200, { message: RESET_MESSAGES.requested });
  }),
  http.post(api(AUTH_PATHS.resetPassword), async ({ request }) => {
    const body = await validBody<ResetPasswordBody>(request, ResetPasswordBody);
    if (body instanceof Response) return body;
    return body.token === MOCK_RESET_TOKEN
      ? json(200, { message: RESET_MESSAGES.done })
      : fail(400, RESET_MESSAGES.invalidLink);
  }),
  http.get(api(AUTH_PATHS.me), ({ request }) => {
    const user = userOf(request);
    if (!user) return fail(401, COMMON_MESSAGES.unauthorized);
    const { password: _password, ...publicUser } = user;
    return json(200, publicUser);
  }),
];
