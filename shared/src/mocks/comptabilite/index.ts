export { comptabiliteHandlers } from './handlers';
export { mockBalanceAgee } from './fixtures';
