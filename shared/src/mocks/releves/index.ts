import type { RequestHandler } from 'msw';
import { relevesHandlers } from './handlers';
import { parametresHandlers } from './parametres-handlers';

export { resetRelevesMocks, relevesStore } from './store';
export { mockReleve } from './fixtures';

/** Hotel statements, hotel invoices and their reconciliation, the seller settings and clients' billing details. */
export const relevesMocksHandlers: RequestHandler[] = [...relevesHandlers, ...parametresHandlers];
