export { referentielHandlers, resetReferentielMocks } from './handlers';
