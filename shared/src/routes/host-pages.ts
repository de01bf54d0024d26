import { DASHBOARD_PATH } from './route-registry';

/**
 * « Mon compte », the one page under /dashboard the host renders itself rather than a remote (ROUTES lists the
 * remotes' pages): the user's own account, reached from the top bar. The host's public pages (login, sign-up, the
 * forgotten password) are in `contract/auth-values.ts`, where the API finds the reset page it links to.
 */
export const ACCOUNT_PATH = 'mon-compte';
export const ACCOUNT_URL = `${DASHBOARD_PATH}/${ACCOUNT_PATH}`;
