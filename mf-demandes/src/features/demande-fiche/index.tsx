export { DemandeFiche } from './components/demande-fiche';
