import type { CurrentUser, TokenClaims } from '../../contract';

function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned token with the API's claims: mocks and tests only (the real API signs and verifies). */
export function mockToken(overrides: Partial<TokenClaims> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const claims: TokenClaims = {
    sub: '1',
    role: 'admin',
    name: 'Camille Martin',
    email: 'admin@ebas3.fr',
    ver: 0,
    sid: '00000000-0000-4000-8000-000000000001',
    iat: now,
    exp: now + 12 * 3600,
    ...overrides,
  };
  return `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.mock`;
}

export const mockUsers: (CurrentUser & { password: string })[] = [
  {
    id: 1,
    email: 'admin@ebas3.fr',
    password: 'Admin!2023',
    nom: 'Martin',
    prenom: 'Camille',
    role: 'admin',
    active: true,
  },
  {
    id: 2,
    email: 'agent@ebas3.fr',
    password: 'Agent!2023',
    nom: 'Bernard',
    prenom: 'Julien',
    role: 'agent',
    active: true,
  },
];

/** The one reset-link token the mocks accept (POST /auth/password/reset); any other is an expired link. */
export const MOCK_RESET_TOKEN = 'jeton-de-reinitialisation-des-maquettes-001';
