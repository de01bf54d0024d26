export { demandesHandlers } from './handlers';
export { freshDemandes, itemOf, MOCK_PDF } from './fixtures';
export { mockDemandes, resetDemandeMocks } from './store';
