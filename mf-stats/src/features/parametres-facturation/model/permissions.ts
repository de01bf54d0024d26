import type { DecodedToken } from 'shared';

/**
 * The seller settings and the clients' billing details are written by administrators (docs/invoicing.md
 * « Permissions »); others read them.
 */
export const canEditInvoicingSettings = (claims: DecodedToken): boolean => claims.role === 'admin';
