/**
 * What other modules may use of the statements and hotel invoices: the routes, and the detail of a hotel's invoice
 * — raw lines normalised and stored — that the Factur-X import of a hotel's invoice feeds with its CII XML's lines.
 */
export { default as relevesRoutes } from './routes';
export { normaliserDetail, type LigneBrute, type LigneDetail } from './facture/detail-lignes';
export { storeDetail, countFactures as countFacturesEtablissements } from './facture/facture-service';
