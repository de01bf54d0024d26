// What other modules may use of the ledger views (the lint rule: through this file only).
export { default as comptabiliteRoutes } from './routes';
