export { DemandesList } from './components/demandes-list';
