/**
 * The global the host's build defines with its « provides » (requirements-plugin.ts `hostProvides`), read by the
 * host's lazily loaded requirements check only: the login page does not carry it.
 */
export const HOST_PROVIDES_DEFINE = '__EBAS3_HOST_PROVIDES__';
