// The client invoices and credit notes (issue 39 §3): pages loaded lazily by app/pages.tsx.
export { AvoirsPage } from './components/avoirs-page';
export { FacturePage } from './components/facture-page';
export { FacturesPage } from './components/factures-page';
