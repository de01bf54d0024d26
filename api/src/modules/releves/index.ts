/**
 * What other modules may use of the statements and hotel invoices: the routes, and the normaliser of a detail's
 * lines (the Factur-X import of a hotel's invoice gives it the lines its CII XML carries).
 */
export { default as relevesRoutes } from './routes';
