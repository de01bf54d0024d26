import type { DecodedToken } from 'shared';

/**
 * Accepting a hotel invoice's difference is an administrator's decision (docs/invoicing.md « Reconciliation »:
 * agreeing to pay what was not booked; segregation of duties): the button is not shown to others.
 */
export const canAcceptEcarts = (claims: DecodedToken): boolean => claims.role === 'admin';
